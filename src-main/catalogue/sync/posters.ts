// Anime posters and Bangumi details, when the user turns them on (Settings → Posters and Bangumi details;
// off by default): for each anime with a Bangumi id, ask Bangumi's public API for the subject
// (`<api>/v0/subjects/<id>`); when the anime has no picture of its own, fetch its poster and save it in
// the four cover sizes (cover-files.ts) — the covers route serves it from then on, and the generated
// tile stays the fallback; and keep the show's summary, episode count and episodes with their air dates
// (show-details.ts, kept in user-show-details.ts) for its page, its countdown and the calendars.
//
// Decisions:
// - What leaves the machine: per anime, the subject's Bangumi id to the API (the subject, then its
//   episodes a page at a time), and one request for its picture. The picture is fetched only from the
//   API's own origin or, with Bangumi's own API, from its image host (lain.bgm.tv); any other address
//   the answer names is refused, and redirects are held to the same origin (origin-fetch.ts).
// - Bounded (origin-fetch.ts): each request has a deadline (`timeoutMs`) that covers reading its
//   answer; the subject and each page of episodes must come as JSON and within 2 MiB, the picture as a
//   picture and within 16 MiB, all checked before reading and while reading, never after.
// - Polite: one request at a time, `intervalMs` between anime and between pages of episodes, a
//   User-Agent naming Moecat; a 429 or a 5xx stops the run (resumable: run it again later).
// - Resumable: each answer is recorded at once (user-posters.ts, user-show-details.ts) — a picture, or
//   "none" for a 404, no picture or an unreadable one; the details, or "none" for a 404 — and a later run
//   asks only for what was never answered. A timeout, a network failure or an answer that is not
//   Bangumi's records nothing, so it is asked again next time. The poster and the details are recorded
//   apart: one failing keeps the other.
// - Fresh: episodes of a show on air are added as it airs, so the details kept of a show on air are
//   asked again once they are a week old; a finished show's, and a 404, are asked once.
// - Order: shows on air now first (what the user sees), then the newest.
import type { Catalogue } from '../read/catalogue';
import { sqlOf } from '../read/catalogue-sql';
import type { UserPosters } from '../user/user-posters';
import type { UserShowDetails } from '../user/user-show-details';
import { BANGUMI_API } from '../user/user-settings';
import { fetchOnOrigin, httpOriginOf, IMAGE_TYPES, readAnswer, withDeadline } from './origin-fetch';
import { fetchEpisodes, readJson, StopRun, subjectDetails } from './show-details';
import { BROADCAST_DAY_SECONDS } from '../../contract/time';

/** Bangumi's image host: the only origin besides the API's own a poster is fetched from (with Bangumi's API). */
export const BANGUMI_IMAGE_ORIGIN = 'https://lain.bgm.tv';
const MAX_POSTER_BYTES = 16 * 1024 * 1024;
const USER_AGENT = 'Moecat (offline anime catalogue browser; posters and details by Bangumi id)';
/** How old the details of a show on air may be before a run asks for them again. */
export const DETAILS_REFRESH_SECONDS = 7 * 86_400;

export interface PosterRun {
  catalogue: Catalogue;
  posters: UserPosters;
  /** Where shows' Bangumi details are kept: given, the run fetches them too. */
  details?: UserShowDetails;
  /** The data directory (covers/ inside). */
  dataDir: string;
  apiBase: string;
  signal: AbortSignal;
  progress(p: { phase: string; done: number; total: number }): void;
  problem(message: string): void;
  /** Pause between anime, and between pages of episodes. */
  intervalMs?: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  now?: () => number;
}

export interface PosterResult {
  saved: number;
  none: number;
  failed: number;
  /** True when the run stopped early (Bangumi asked to slow down, or answered 5xx). */
  stopped: boolean;
  /** With `details`: shows whose details were kept, that Bangumi has no details of, and that failed. */
  details?: { kept: number; none: number; failed: number };
}

interface Candidate {
  bgmId: number;
  title: string;
}

interface AnimeRow extends Candidate {
  ownCover: number;
  airing: number;
}

/** Anime with a Bangumi id, on air now first, then newest; each Bangumi id once, on air when any of its entries is, with its own picture when all are. */
function animeByBangumiId(catalogue: Catalogue, nowSeconds: number) {
  const rows = sqlOf(catalogue)
    .prepare(
      `SELECT w.wiki_bgm_id AS bgmId, w.wiki_title AS title, w.cover_file IS NOT NULL AS ownCover,
         EXISTS (SELECT 1 FROM onair o WHERE o.wiki_id = w.wiki_id AND o.oa_date_begin <= @now
                 AND (o.oa_date_end = 0 OR @now < o.oa_date_end + ${BROADCAST_DAY_SECONDS})) AS airing
       FROM wiki w
       WHERE w.wiki_section = 'anime' AND w.wiki_bgm_id IS NOT NULL
       ORDER BY airing DESC, w.wiki_date DESC, w.wiki_id DESC`,
    )
    .all({ now: nowSeconds }) as AnimeRow[];
  const byId = new Map<number, Candidate & { ownCover: boolean; airing: boolean }>();
  for (const r of rows) {
    const seen = byId.get(r.bgmId);
    if (!seen) byId.set(r.bgmId, { bgmId: r.bgmId, title: r.title, ownCover: r.ownCover === 1, airing: r.airing === 1 });
    else if (r.ownCover === 0) seen.ownCover = false;
  }
  return [...byId.values()];
}

/** A pause that ends early when the run is cancelled; its listener goes when it ends, as a run makes thousands. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => (clearTimeout(timer), reject(signal.reason));
    const timer = setTimeout(() => (signal.removeEventListener('abort', abort), resolve()), ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** The origins a poster may come from, for this API. */
export function imageOrigins(apiBase: string): Set<string> {
  const own = httpOriginOf(apiBase);
  const origins = new Set(own ? [own] : []);
  if (own === httpOriginOf(BANGUMI_API)) origins.add(BANGUMI_IMAGE_ORIGIN);
  return origins;
}

interface Todo extends Candidate {
  poster: boolean;
  details: boolean;
}

interface Ask {
  run: PosterRun;
  apiOrigin: string;
  allowed: Set<string>;
  headers: Record<string, string>;
  /** `work` under its own deadline (the request and reading its answer). */
  deadline<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

/** The subject's JSON, or null when Bangumi has no such subject (404). */
async function subjectOf(ask: Ask, bgmId: number): Promise<unknown> {
  return ask.deadline(async (signal) => {
    const res = await fetchOnOrigin(`${ask.run.apiBase.replace(/\/+$/, '')}/v0/subjects/${bgmId}`, ask.apiOrigin, { signal, headers: ask.headers });
    if (!res.ok) await res.body?.cancel();
    if (res.status === 404) return null;
    if (res.status === 429 || res.status >= 500) throw new StopRun(`Bangumi answered ${res.status}; run it again later to go on.`);
    if (!res.ok) throw new Error(`Bangumi answered ${res.status}`);
    return readJson(res, "Bangumi's answer");
  });
}

/** The poster the subject names, saved: its cover folder, null for none, or an Error for a failure worth asking again. */
async function posterFrom(ask: Ask, subject: unknown): Promise<string | null> {
  const images = typeof subject === 'object' && subject !== null ? (subject as { images?: Record<string, unknown> | null }).images : undefined;
  const url = [images?.large, images?.common].find((u): u is string => typeof u === 'string' && u.length > 0);
  if (!url) return null;
  const origin = httpOriginOf(url);
  if (!origin || !ask.allowed.has(origin)) throw new Error(`the poster's address ${origin ?? url} is not Bangumi's; not fetched`);
  const bytes = await ask.deadline(async (signal) => {
    const image = await fetchOnOrigin(url, origin, { signal, headers: { 'user-agent': USER_AGENT } });
    if (!image.ok) await image.body?.cancel();
    if (image.status === 404) return null;
    if (!image.ok) throw new Error(`the picture answered ${image.status}`);
    return readAnswer(image, { maxBytes: MAX_POSTER_BYTES, types: IMAGE_TYPES, what: 'the picture' });
  });
  if (!bytes) return null;
  const { saveCover, CoverImageError } = await import('../write/cover-files');
  try {
    return await saveCover(ask.run.dataDir, bytes);
  } catch (err) {
    if (err instanceof CoverImageError) return null; // not a picture: Bangumi's answer, not worth asking again
    throw err;
  }
}

const whyOf = (err: unknown) => (err instanceof Error ? (err.name === 'TimeoutError' ? 'no answer in time' : err.message) : String(err));

/** Fetches the posters and details not asked for yet, one anime at a time; see the header. */
export async function fetchPosters(run: PosterRun): Promise<PosterResult> {
  const now = run.now ?? Date.now;
  const apiOrigin = httpOriginOf(run.apiBase);
  if (!apiOrigin) throw new Error(`The posters' API address "${run.apiBase}" is not an http or https URL.`);
  const nowSeconds = Math.floor(now() / 1000);
  const postersAsked = run.posters.askedIds();
  const detailsAsked = run.details?.asked();
  const todo: Todo[] = animeByBangumiId(run.catalogue, nowSeconds)
    .map((a) => {
      const answered = detailsAsked?.get(a.bgmId);
      const stale = answered !== undefined && answered.found && a.airing && nowSeconds - answered.fetchedAt >= DETAILS_REFRESH_SECONDS;
      const details = detailsAsked !== undefined && (answered === undefined || stale);
      return { bgmId: a.bgmId, title: a.title, poster: !a.ownCover && !postersAsked.has(a.bgmId), details };
    })
    .filter((t) => t.poster || t.details);
  const result: PosterResult = { saved: 0, none: 0, failed: 0, stopped: false, ...(run.details && { details: { kept: 0, none: 0, failed: 0 } }) };
  const pause = () => sleep(run.intervalMs ?? 500, run.signal);
  const ask: Ask = {
    run,
    apiOrigin,
    allowed: imageOrigins(run.apiBase),
    headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
    deadline: (work) => withDeadline(run.signal, run.timeoutMs ?? 20_000, work),
  };
  const failed = (t: Todo, parts: { poster: boolean; details: boolean }, err: unknown) => {
    if (run.signal.aborted || err instanceof StopRun) throw err;
    if (parts.poster) result.failed++;
    if (parts.details) result.details!.failed++;
    const what = parts.poster && parts.details ? 'poster and details' : parts.poster ? 'poster' : 'episodes and summary';
    run.problem(`The ${what} of "${t.title}" (Bangumi ${t.bgmId}) ${parts.poster && parts.details ? 'were' : 'was'} not saved: ${whyOf(err)}.`);
  };

  run.progress({ phase: 'posters', done: 0, total: todo.length });
  for (const [i, t] of todo.entries()) {
    try {
      if (i > 0) await pause();
      await askFor(t);
    } catch (err) {
      if (!(err instanceof StopRun)) throw err;
      run.problem(err.message);
      result.stopped = true;
      break;
    }
    run.progress({ phase: 'posters', done: i + 1, total: todo.length });
  }
  return result;

  async function askFor(t: Todo): Promise<void> {
    let subject: unknown;
    try {
      subject = await subjectOf(ask, t.bgmId);
    } catch (err) {
      return failed(t, t, err);
    }
    const stamp = () => Math.floor(now() / 1000);
    if (t.poster) {
      try {
        const coverFile = subject === null ? null : await posterFrom(ask, subject);
        run.posters.record(t.bgmId, coverFile, stamp());
        if (coverFile) result.saved++;
        else result.none++;
      } catch (err) {
        failed(t, { poster: true, details: false }, err);
      }
    }
    if (t.details && run.details) {
      try {
        if (subject === null) {
          run.details.record(t.bgmId, null, stamp());
          result.details!.none++;
          return;
        }
        const { summary, episodeCount } = subjectDetails(subject);
        const episodes = await fetchEpisodes({ ...ask, apiBase: run.apiBase, bgmId: t.bgmId, page: ask.deadline, pause });
        run.details.record(t.bgmId, { summary, episodeCount, episodes }, stamp());
        result.details!.kept++;
      } catch (err) {
        failed(t, { poster: false, details: true }, err);
      }
    }
  }
}
