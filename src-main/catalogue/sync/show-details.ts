// Bangumi details of a show, fetched with its poster (posters.ts) when the user has turned posters and
// Bangumi details on: the summary and episode count from the subject the poster run asks for anyway
// (`<api>/v0/subjects/<id>`), and the main-story episodes with their air dates from
// `<api>/v0/episodes?subject_id=<id>&type=0&limit=100&offset=<n>`, a page at a time.
//
// Decisions:
// - Only the API's own origin is asked, redirects held to it (origin-fetch.ts); each page has its own
//   deadline and must come as JSON within 2 MiB, checked while reading.
// - What is kept is checked, not trusted: numbers that are numbers, days that are "YYYY-MM-DD", texts cut
//   to a length a page can show; an episode without a number is left out, and an answer that is not
//   Bangumi's shape is a failure (nothing kept, asked again next time).
// - Bounded: at most MAX_EPISODES episodes. A longer show (a decades-long weekly) keeps its newest ones,
//   which the countdown and calendars need: the first page says how many there are, and the rest are
//   read from that many before the end.
import type { FetchedShowDetails, ShowEpisode } from '../user/user-show-details';
import { AnswerRefusedError, fetchOnOrigin, JSON_TYPES, readAnswer } from './origin-fetch';

/** A subject's or a page's JSON is tens of KiB; anything near this is not Bangumi's answer. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
export const EPISODES_PER_PAGE = 100;
export const MAX_EPISODES = 1000;
const MAX_SUMMARY = 20_000;
const MAX_NAME = 500;

/** Bangumi asked Moecat to slow down, or failed (429, 5xx): the run stops, to go on later. */
export class StopRun extends Error {}

/** Not Bangumi's answer: nothing is kept, and it is asked again next time. */
export class NotBangumiError extends Error {}

/** The answer's body as JSON; a failure worth asking again when it is not JSON, or too large. */
export async function readJson(res: Response, what: string): Promise<unknown> {
  const bytes = await readAnswer(res, { maxBytes: MAX_JSON_BYTES, types: JSON_TYPES, what }).catch((err: unknown) => {
    if (err instanceof AnswerRefusedError && err.reason === 'type') throw new NotBangumiError('Bangumi answered something that is not JSON');
    throw err;
  });
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new NotBangumiError('Bangumi answered something that is not JSON');
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Line breaks as one LF: Bangumi writes CRLF, and an XML answer would not give it back.
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim().slice(0, max) : '');
const count = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e6 ? v : null);
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The summary and episode count of a subject's JSON (episodes come later); a failure when it is no subject. */
export function subjectDetails(subject: unknown): Omit<FetchedShowDetails, 'episodes'> {
  if (!isRecord(subject)) throw new NotBangumiError('Bangumi answered something that is not a subject');
  return { summary: text(subject.summary, MAX_SUMMARY), episodeCount: count(subject.eps) ?? count(subject.total_episodes) };
}

/** One page of /v0/episodes: its episodes (those without a number left out), how many it listed, and how many there are in all. */
export function episodesPage(page: unknown): { episodes: ShowEpisode[]; listed: number; total: number } {
  if (!isRecord(page) || !Array.isArray(page.data)) throw new NotBangumiError("Bangumi's episodes are not a list of episodes");
  const episodes: ShowEpisode[] = [];
  for (const e of page.data as unknown[]) {
    if (!isRecord(e)) continue;
    const sort = number(e.sort) ?? number(e.ep);
    if (sort === null) continue;
    const airdate = typeof e.airdate === 'string' && DAY.test(e.airdate) ? e.airdate : '';
    episodes.push({ sort, ep: number(e.ep), airdate, name: text(e.name, MAX_NAME), nameCn: text(e.name_cn, MAX_NAME) });
  }
  const listed = page.data.length;
  const total = typeof page.total === 'number' && Number.isSafeInteger(page.total) && page.total >= 0 ? page.total : listed;
  return { episodes, listed, total };
}

export interface EpisodeAsk {
  apiBase: string;
  apiOrigin: string;
  bgmId: number;
  headers: Record<string, string>;
  /** Each page's own deadline, read included (origin-fetch.ts withDeadline). */
  page<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The pause between pages. */
  pause(): Promise<void>;
}

type Page = ReturnType<typeof episodesPage>;

/** One page from `offset`; empty when Bangumi has no episodes for the subject (404). */
async function pageAt(ask: EpisodeAsk, offset: number): Promise<Page> {
  const url = `${ask.apiBase.replace(/\/+$/, '')}/v0/episodes?subject_id=${ask.bgmId}&type=0&limit=${EPISODES_PER_PAGE}&offset=${offset}`;
  return ask.page(async (signal) => {
    const res = await fetchOnOrigin(url, ask.apiOrigin, { signal, headers: ask.headers });
    if (!res.ok) await res.body?.cancel();
    if (res.status === 404) return { episodes: [], listed: 0, total: 0 };
    if (res.status === 429 || res.status >= 500) throw new StopRun(`Bangumi answered ${res.status}; run it again later to go on.`);
    if (!res.ok) throw new Error(`Bangumi's episodes answered ${res.status}`);
    return episodesPage(await readJson(res, "Bangumi's episodes"));
  });
}

/** The most pages one show may take, whatever its answers claim. */
const MAX_PAGES = Math.ceil(MAX_EPISODES / EPISODES_PER_PAGE) + 1;

/** The subject's main-story episodes in order, the newest MAX_EPISODES of a longer show. */
export async function fetchEpisodes(ask: EpisodeAsk): Promise<ShowEpisode[]> {
  const first = await pageAt(ask, 0);
  const total = Math.max(first.total, first.listed);
  const longer = total > MAX_EPISODES;
  const episodes = longer ? [] : first.episodes;
  let offset = longer ? total - MAX_EPISODES : first.listed || total;
  for (let pages = 1; offset < total && episodes.length < MAX_EPISODES && pages < MAX_PAGES; pages++) {
    await ask.pause();
    const page = await pageAt(ask, offset);
    if (page.listed === 0) break;
    episodes.push(...page.episodes);
    offset += page.listed;
  }
  return episodes.slice(0, MAX_EPISODES).sort((a, b) => a.sort - b.sort || (a.ep ?? 0) - (b.ep ?? 0));
}
