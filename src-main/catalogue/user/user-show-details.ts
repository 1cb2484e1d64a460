// What Bangumi says of each show — its summary, episode count and main-story episodes with their air
// dates (catalogue/sync/posters.ts fetches them with the posters) — kept in the user database by
// Bangumi subject id: a catalogue build replaces the bundled rows, and these must outlive it, as the
// posters do (user-posters.ts). A show's episodes are replaced whole at each answer, in one transaction,
// so a page never reads half of an old list and half of a new one.
import type { EpisodeDto, ShowDetailsDto } from '../../contract/objects';
import { localMidnight } from '../../contract/time';
import type { Db } from '../db/database';

/** One episode as Bangumi gave it, checked (sync/show-details.ts). */
export interface ShowEpisode {
  sort: number;
  ep: number | null;
  /** "YYYY-MM-DD" in Japan; '' when unknown. */
  airdate: string;
  name: string;
  nameCn: string;
}

export interface FetchedShowDetails {
  summary: string;
  /** null when Bangumi gives no count. */
  episodeCount: number | null;
  /** In Bangumi's order. */
  episodes: ShowEpisode[];
}

export interface UserShowDetails {
  /** The details as /anime/detail answers them; null when Bangumi has none or the show was never asked for. */
  of(bgmId: number): ShowDetailsDto | null;
  /**
   * The episodes of these shows dated on any of `days` ("YYYY-MM-DD"), by Bangumi id, in order: one
   * statement for a whole on-air week (a show without details, or no episode those days, is absent).
   */
  episodesOn(bgmIds: readonly number[], days: readonly string[]): Map<number, EpisodeDto[]>;
  /** Records what Bangumi gave: the details, or null when it has no such show. */
  record(bgmId: number, details: FetchedShowDetails | null, now?: number): void;
  /** How many shows were asked for, and of how many the details are kept. */
  counts(): { asked: number; kept: number };
  /** Every Bangumi id asked for already: when (Unix seconds), and whether Bangumi had the show. */
  asked(): Map<number, { fetchedAt: number; found: boolean }>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a day in Japan, Unix seconds; 0 when it is no date. */
function dayOf(airdate: string): number {
  const m = DATE.exec(airdate);
  return m ? localMidnight(Number(m[1]), Number(m[2]), Number(m[3])) : 0;
}

interface EpisodeRow {
  sort: number;
  ep: number | null;
  airdate: string | null;
  name: string;
  name_cn: string;
}

const toEpisode = (e: EpisodeRow, midnight = dayOf): EpisodeDto => ({
  sort: e.sort,
  ep: e.ep,
  airdate: e.airdate ?? '',
  date: midnight(e.airdate ?? ''),
  name: e.name,
  name_cn: e.name_cn,
});

export function userShowDetails(db: Db): UserShowDetails {
  const byId = db.prepare('SELECT found, summary, episode_count, fetched_at FROM show_details WHERE bgm_id = ?');
  const episodesOf = db.prepare('SELECT sort, ep, airdate, name, name_cn FROM show_episode WHERE bgm_id = ? ORDER BY position');
  const upsert = db.prepare(`INSERT INTO show_details (bgm_id, found, summary, episode_count, fetched_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (bgm_id) DO UPDATE SET found = excluded.found, summary = excluded.summary,
      episode_count = excluded.episode_count, fetched_at = excluded.fetched_at`);
  const onDays = db.prepare(`SELECT bgm_id, sort, ep, airdate, name, name_cn FROM show_episode
    WHERE bgm_id IN (SELECT value FROM json_each(@ids)) AND airdate IN (SELECT value FROM json_each(@days)) ORDER BY bgm_id, position`);
  const dropEpisodes = db.prepare('DELETE FROM show_episode WHERE bgm_id = ?');
  const insertEpisode = db.prepare('INSERT INTO show_episode (bgm_id, position, sort, ep, airdate, name, name_cn) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const counts = db.prepare('SELECT count(*) AS asked, coalesce(sum(found), 0) AS kept FROM show_details');
  const asked = db.prepare('SELECT bgm_id, fetched_at, found FROM show_details').raw();
  const record = db.transaction((bgmId: number, details: FetchedShowDetails | null, now: number) => {
    upsert.run(bgmId, details ? 1 : 0, details?.summary ?? '', details?.episodeCount ?? null, now);
    dropEpisodes.run(bgmId);
    for (const [i, e] of (details?.episodes ?? []).entries())
      insertEpisode.run(bgmId, i, e.sort, e.ep, DATE.test(e.airdate) ? e.airdate : null, e.name, e.nameCn);
  });
  return {
    of(bgmId) {
      const row = byId.get(bgmId) as { found: number; summary: string; episode_count: number | null; fetched_at: number } | undefined;
      if (!row?.found) return null;
      const episodes = (episodesOf.all(bgmId) as EpisodeRow[]).map((e) => toEpisode(e));
      return { summary: row.summary, episode_count: row.episode_count ?? 0, episodes, fetched_at: row.fetched_at };
    },
    episodesOn(bgmIds, days) {
      const found = new Map<number, EpisodeDto[]>();
      if (bgmIds.length === 0 || days.length === 0) return found;
      // A week's episodes share a few days: each day's midnight (a time-zone lookup) is found once.
      const midnights = new Map<string, number>();
      const midnight = (airdate: string) => midnights.get(airdate) ?? midnights.set(airdate, dayOf(airdate)).get(airdate)!;
      for (const row of onDays.all({ ids: JSON.stringify(bgmIds), days: JSON.stringify(days) }) as (EpisodeRow & { bgm_id: number })[]) {
        const episode = toEpisode(row, midnight);
        const list = found.get(row.bgm_id);
        if (list) list.push(episode);
        else found.set(row.bgm_id, [episode]);
      }
      return found;
    },
    record(bgmId, details, now = Math.floor(Date.now() / 1000)) {
      record(bgmId, details, now);
    },
    counts: () => counts.get() as { asked: number; kept: number },
    asked: () => new Map((asked.all() as [number, number, number][]).map(([id, fetchedAt, found]) => [id, { fetchedAt, found: found === 1 }])),
  };
}
