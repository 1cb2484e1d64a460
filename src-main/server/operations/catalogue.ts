// The Moefou interface's portal and four query operations (docs/api.md; where the interface is silent,
// "The interface, and what it leaves open" there says what Moecat decided), and the browse screen's tag
// counts. Matching, ranking and paging live in the catalogue; these declare what a
// client sends and what it gets.
import { SEARCH_COUNT_LIMIT } from '../../contract/limits';
import type { Information } from '../../contract/envelope';
import { listenPath, searchPagePath } from '../../contract/paths';
import { sectionsOf } from '../../contract/sections';
import type { PortalDto } from '../../contract/objects';
import type { PortalMatch } from '../../catalogue/read/portal';
import type { SearchPage } from '../../catalogue/search/search-queries';
import { date, initial, keyword, requiredWikiTypes, sources, subTypes, week, wikiIds, wikiTypes } from './catalogue-params';
import { OnAirDtoSchema, SubDtoSchema, TagDtoSchema, WikiDtoSchema } from '../../contract/schemas';
import { defineOperation, many, one, type Answer, type Many, type PayloadOf } from './define';
import { exactText, list, oneOf, PAGING, paging, positiveInt } from './params';

const RESPELLED =
  'A keyword that finds nothing is tried once more with each word that matched nothing respelled one typing slip away (`keyword_used` says so).';
const SUB_ORDER = `exact title first, then title prefix, then matches in the title itself, then in its title key, then through the entry, then by word segments; newest first within each, an album's songs in track order. ${RESPELLED}`;
const WIKI_ORDER =
  'an entry with a name (title, translated title, romanised title) equal to the keyword first, then names starting with it — a franchise in watching order: its first TV series, later seasons, films, OVAs — then matches in the title itself, then in aliases or title key, then (sub-entries) through the entry, then by word segments; newest first within each. ' +
  RESPELLED;

/** What a search's answer says besides its rows: that the count stops at its limit, or which keyword the rows are for. */
function searchNotes(keyword: string, { count, keywordUsed }: SearchPage): Pick<Answer, 'msg'> & { information: Partial<Information> } {
  if (keywordUsed !== undefined) {
    return { information: { keyword_used: keywordUsed }, msg: [`Nothing matched "${keyword}"; these are the results for "${keywordUsed}".`] };
  }
  return {
    information: {},
    msg:
      count >= SEARCH_COUNT_LIMIT
        ? [`More than ${SEARCH_COUNT_LIMIT.toLocaleString('en')} matches: the count and the list stop there. Add words to narrow the search.`]
        : [],
  };
}

/** `onair_1` (Monday) … `onair_7` (Sunday). */
const ON_AIR_DAYS: Record<`onair_${number}`, Many<typeof OnAirDtoSchema>> = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7].map((d) => [`onair_${d}`, many(OnAirDtoSchema)]),
);

// On-air decisions: a 0 anywhere in `week`, an empty value or no `week` means all seven days;
// duplicates collapse; days answer in ascending order whatever order they were asked in; every
// requested day gets `onair_<n>` ([] when nothing airs) and `onair_<n>_count`; `count` is their sum,
// so a daily show counts once per day it is listed on; "now" is the app's clock, read per request; each
// entry's next broadcast names its episodes from the Bangumi details in the user database (docs/api.md).
export const onAir = defineOperation({
  method: 'GET',
  path: '/on-air',
  spellings: 'api',
  auth: 'api-key',
  // Who airs changes only at broadcast-day boundaries (whole minutes), so a minute's answer holds. The
  // episodes come from the user data, but the same for every caller (as /anime/detail gives them to any
  // key), and a posters run that records them clears the cache when it ends.
  cache: 'minute',
  reads: () => ['anime'],
  summary: 'The entries airing now, per weekday, by time of day',
  optionalPayload: 'Only the requested weekdays (`week`) have their `onair_<n>` list.',
  responds: ON_AIR_DAYS,
  params: { week },
  handle({ p, app, site }) {
    const now = Math.floor(app.deps.now() / 1000);
    const information: Record<string, number> = {};
    const payload: Partial<PayloadOf<typeof ON_AIR_DAYS>> = {};
    let count = 0;
    for (const [day, entries] of app.deps.catalogue.queries.onAir.days(p.week, now, site, app.deps.userDb.showDetails.episodesOn)) {
      payload[`onair_${day}`] = entries;
      information[`onair_${day}_count`] = entries.length;
      count += entries.length;
    }
    return { information: { count, ...information } as Partial<Information>, payload };
  },
});

export const wikiList = defineOperation({
  method: 'GET',
  path: '/wikis',
  spellings: 'api',
  auth: 'api-key',
  cache: 'catalogue',
  // A source named by id is checked to exist when the request is read: removing it must clear the answer.
  reads: (p) => (p.source ? undefined : sectionsOf(p.wiki_type)),
  summary: 'List entries by type, initial, tags, ids and date, newest first',
  notes: '`has_error` is true when nothing matches (as the interface says), with `error` 0.',
  paged: true,
  responds: { wikis: many(WikiDtoSchema) },
  params: {
    wiki_type: requiredWikiTypes,
    initial,
    tag: list({ description: 'Comma list of tags; every one must apply', example: 'OST', maxItems: 20 }),
    wiki_id: wikiIds,
    date,
    source: sources(),
    ...PAGING,
  },
  handle({ p, app, site }) {
    const filter = { types: p.wiki_type, initial: p.initial, tags: p.tag, ids: p.wiki_id, dateFrom: p.date?.from, dateTo: p.date?.to, sources: p.source };
    const page = paging(p);
    const { count, wikis } = app.deps.catalogue.queries.wikis.list(filter, page.perpage, page.offset, site);
    return {
      information: { page: page.page, perpage: page.perpage, count, has_error: count === 0 },
      msg: count === 0 ? ['No entry matches these filters.'] : [],
      payload: { wikis },
    };
  },
});

export const wikiSearch = defineOperation({
  method: 'GET',
  path: '/search/wiki',
  spellings: 'api',
  auth: 'api-key',
  // Kept whatever section changes (no `reads`), even for anime types alone: a keyword that finds
  // nothing is respelled from the words of every section's names.
  cache: 'catalogue',
  summary: `Search entries by keyword; ${WIKI_ORDER}`,
  paged: true,
  responds: { wikis: many(WikiDtoSchema) },
  params: { keyword, wiki_type: wikiTypes, source: sources(), ...PAGING },
  handle({ p, app, site }) {
    const page = paging(p);
    const found = app.deps.catalogue.queries.search.wikis({ keyword: p.keyword, types: p.wiki_type, sources: p.source }, page.perpage, page.offset, site);
    const notes = searchNotes(p.keyword, found);
    // An empty result is an answer, not an error (unlike the entry list).
    return {
      information: { page: page.page, perpage: page.perpage, count: found.count, ...notes.information },
      msg: notes.msg,
      payload: { wikis: found.wikis },
    };
  },
});

export const subSearch = defineOperation({
  method: 'GET',
  path: '/search/sub',
  spellings: 'api',
  auth: 'api-key',
  cache: 'catalogue',
  summary: `Search sub-entries (songs, episodes) by keyword, also matching their entry's title; ${SUB_ORDER}`,
  paged: true,
  responds: { subs: many(SubDtoSchema) },
  params: {
    keyword,
    sub_type: subTypes,
    source: sources("Moecat's extension: only sub-entries whose entry is of these sources — a comma list of kinds (bundled, folder, remote) and source ids"),
    ...PAGING,
  },
  handle({ p, app, site }) {
    const page = paging(p);
    const found = app.deps.catalogue.queries.search.subs({ keyword: p.keyword, types: p.sub_type, sources: p.source }, page.perpage, page.offset, site);
    const notes = searchNotes(p.keyword, found);
    return { information: { page: page.page, perpage: page.perpage, count: found.count, ...notes.information }, msg: notes.msg, payload: { subs: found.subs } };
  },
});

export interface PortalQuery {
  title?: string;
  bgmId?: number;
  listen: boolean;
}

/**
 * Where the interface's target table leads for these matches (lowest id first):
 *   no locating parameter (title, bgm_id)   → {site}/                  has_wiki false, has_mp3 false
 *   0 albums found                           → {site}/search?q=<title>  has_wiki false, has_mp3 false
 *   exactly 1, listen=0                      → its wiki_url             has_wiki true,  has_mp3 true
 *   exactly 1, listen=1                      → {site}/listen?music=<id> has_wiki true,  has_mp3 true
 *   exactly 1, no playable tracks            → its wiki_url             has_wiki true,  has_mp3 false
 *   2 or more                                → {site}/search?q=<title>  has_wiki false, has_mp3 false
 * Left open by the interface and decided (docs/api.md): nothing found with only `bgm_id` searches for
 * nothing ({site}/search?q=); 2+ albums found by `bgm_id` alone search for the lowest-id album's title.
 */
export function portalTarget(matches: PortalMatch[], q: PortalQuery, site: string): PortalDto {
  if (q.title === undefined && q.bgmId === undefined) return { has_wiki: false, has_mp3: false, url: `${site}/` };
  if (matches.length === 1) {
    const { wiki, hasAudio } = matches[0];
    if (!hasAudio) return { has_wiki: true, has_mp3: false, url: wiki.wiki_url };
    return { has_wiki: true, has_mp3: true, url: q.listen ? `${site}${listenPath(wiki.wiki_id)}` : wiki.wiki_url };
  }
  const words = q.title ?? matches[0]?.wiki.wiki_title ?? '';
  return { has_wiki: false, has_mp3: false, url: `${site}${searchPagePath(words)}` };
}

// Portal decisions: an album is a music entry, "playable tracks" = one of its sub-entries has an
// upload; `title` matches byte for byte after URL decoding (no trimming, no case folding) and an empty
// one is no locating parameter; `bgm_id` matches the album's Bangumi id and wins when both are given
// (a title never overrides an id that names another or no album; it then only feeds the search);
// `listen` is 0 or 1 and `api` json or xml; errors answer in the `api` format, else as the path asks.
export const portal = defineOperation({
  method: 'GET',
  path: '/search/direct',
  spellings: 'api',
  auth: 'none',
  summary: 'Send a client to an album by exact title or Bangumi id: a redirect, or with api=json|xml where it would go',
  formatParam: 'api',
  redirects: 'Without `api=json|xml`: a 302 redirect to the album page, the player, a search or the site itself.',
  responds: { has_wiki: one('boolean'), has_mp3: one('boolean'), url: one('string') },
  params: {
    title: exactText({
      description: 'The album title, matched exactly: byte for byte, no trimming or case folding (music entries only)',
      example: 'Sakura Letters',
    }),
    bgm_id: positiveInt({ description: "The album's Bangumi subject id; wins over title when both are given", example: '327465' }),
    listen: oneOf(['0', '1'], { description: '1 = lead to the player when the album has audio', example: '1' }, 'must be 1 (to listen) or 0'),
    api: oneOf(
      ['json', 'xml'],
      { description: 'json or xml: answer { has_wiki, has_mp3, url } in that format instead of a 302 redirect', example: 'json' },
      'must be json or xml (leave it out to be redirected)',
    ),
  },
  handle({ p, app, reply, site }) {
    const { portal: albums } = app.deps.catalogue.queries;
    const query = { title: p.title, bgmId: p.bgm_id, listen: p.listen === '1' };
    const matches =
      query.bgmId !== undefined ? albums.albumsByBgmId(query.bgmId, site) : query.title !== undefined ? albums.albumsByTitle(query.title, site) : [];
    const target = portalTarget(matches, query, site);
    if (p.api === undefined) return reply.redirect(target.url, 302);
    return { payload: { ...target }, informationLast: true };
  },
});

export const DEFAULT_TAG_LIMIT = 30;
export const MAX_TAG_LIMIT = 100;

// Not part of the Moefou interface, but answered like its operations. Order: most used first, then by
// name; `information.count` is the number of tags listed. Tags that are only a year are left out (the
// date filter covers them); `source` counts only the entries of those sources.
export const tags = defineOperation({
  method: 'GET',
  path: '/app/tags',
  spellings: 'api',
  auth: 'api-key',
  summary: 'The most used tags of some entry types (of some sources), with how many entries carry each; no year tags',
  responds: { tags: many(TagDtoSchema) },
  params: {
    wiki_type: requiredWikiTypes,
    source: sources("Moecat's extension: count only entries of these sources — a comma list of kinds (bundled, folder, remote) and source ids"),
    limit: positiveInt({
      description: `How many tags, 1–${MAX_TAG_LIMIT} (larger values are clamped); default ${DEFAULT_TAG_LIMIT}`,
      example: '20',
      max: MAX_TAG_LIMIT,
    }),
  },
  handle({ p, app }) {
    const found = app.deps.catalogue.queries.tags.mostUsed(p.wiki_type, p.limit ?? DEFAULT_TAG_LIMIT, p.source);
    return { information: { count: found.length }, payload: { tags: found } };
  },
});

export const CATALOGUE_OPERATIONS = [portal, onAir, subSearch, wikiList, wikiSearch, tags];
