// The shows the user follows: a followed show is an anime entry among the user's favourite entries
// (the heart on a show page) that has a weekly or daily slot. The reminders, the calendar feed and the
// UI's Following filter all start here.
import type { Catalogue } from '../catalogue/read/catalogue';
import type { UserDb } from '../catalogue/user/user-db';
import { sectionOf } from '../contract/sections';
import type { AnimeWikiDto, WikiDto } from '../contract/objects';

/** One anime entry as /anime/detail answers it (Bangumi's details from the user database), or undefined when the id is not an anime. */
export function animeEntry(catalogue: Catalogue, userDb: UserDb, wikiId: number, site: string): AnimeWikiDto | undefined {
  const wiki = catalogue.queries.entryDetail.findWiki(wikiId, site);
  return wiki && sectionOf(wiki.wiki_type) === 'anime' ? asShow(catalogue, userDb, wiki) : undefined;
}

/** An anime entry with its broadcast, its sites and what Bangumi says of it. */
export function asShow(catalogue: Catalogue, userDb: UserDb, wiki: WikiDto): AnimeWikiDto {
  const { broadcast, sites } = catalogue.queries.entryDetail.showingOf(wiki.wiki_id);
  const bangumi = wiki.wiki_bgm_id === null ? null : userDb.showDetails.of(wiki.wiki_bgm_id);
  return { ...wiki, wiki_broadcast: broadcast, wiki_sites: sites, wiki_bangumi: bangumi };
}

/** The followed shows with a slot, most recently followed first. */
export function followedShows(catalogue: Catalogue, userDb: UserDb, site: string): AnimeWikiDto[] {
  const shows: AnimeWikiDto[] = [];
  for (const id of userDb.favIds('wiki')) {
    const show = animeEntry(catalogue, userDb, id, site);
    if (show?.wiki_broadcast) shows.push(show);
  }
  return shows;
}
