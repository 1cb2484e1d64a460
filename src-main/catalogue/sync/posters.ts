// Anime posters from Bangumi, when the user turns them on (Settings → Posters; off by default): for each
// anime with a Bangumi id and no picture of its own, ask Bangumi's public API for the subject
// (`<api>/v0/subjects/<id>`), fetch its poster and save it in the four cover sizes (cover-files.ts);
// the covers route serves it from then on, and the generated tile stays the fallback.
//
// Decisions:
// - What leaves the machine: one request per anime to the API (the subject's Bangumi id, nothing else)
//   and one for its picture. The picture is fetched only from the API's own origin or, with Bangumi's
//   own API, from its image host (lain.bgm.tv); any other address the answer names is refused, and
//   redirects are held to the same origin (origin-fetch.ts).
// - Bounded (origin-fetch.ts): each anime's two requests share one deadline (`timeoutMs`) that covers
//   reading the answers; the subject must come as JSON and within 2 MiB, the picture as a picture and
//   within 16 MiB, both checked before reading and while reading, never after.
// - Polite: one anime at a time, `intervalMs` between them, a User-Agent naming Moecat; a 429 or a 5xx
//   stops the run (resumable: run it again later).
// - Resumable: each answer is recorded at once (user-posters.ts) — a picture, or "none" for a 404, no
//   picture or an unreadable one — and a later run asks only for what was never answered. A timeout or a
//   network failure records nothing, so it is asked again next time.
// - Order: shows on air now first (what the user sees), then the newest.
import type { Catalogue } from '../read/catalogue';
import { sqlOf } from '../read/catalogue-sql';
import type { UserPosters } from '../user/user-posters';
import { BANGUMI_API } from '../user/user-settings';
import { AnswerRefusedError, fetchOnOrigin, httpOriginOf, IMAGE_TYPES, JSON_TYPES, readAnswer, withDeadline } from './origin-fetch';
import { BROADCAST_DAY_SECONDS } from '../../contract/time';

/** Bangumi's image host: the only origin besides the API's own a poster is fetched from (with Bangumi's API). */
export const BANGUMI_IMAGE_ORIGIN = 'https://lain.bgm.tv';
const MAX_POSTER_BYTES = 16 * 1024 * 1024;
/** A subject's JSON is a few KiB; anything near this is no subject. */
const MAX_SUBJECT_BYTES = 2 * 1024 * 1024;
const USER_AGENT = 'Moecat (offline anime catalogue browser; posters by Bangumi id)';

export interface PosterRun {
  catalogue: Catalogue;
  posters: UserPosters;
  /** The data directory (covers/ inside). */
  dataDir: string;
  apiBase: string;
  signal: AbortSignal;
  progress(p: { phase: string; done: number; total: number }): void;
  problem(message: string): void;
  /** Pause between anime. */
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
}

interface Candidate {
  bgmId: number;
  title: string;
}

/** Anime with a Bangumi id and no picture of their own, on air now first, then newest; each Bangumi id once. */
export function posterCandidates(catalogue: Catalogue, nowSeconds: number): Candidate[] {
  const rows = sqlOf(catalogue)
    .prepare(
      `SELECT w.wiki_bgm_id AS bgmId, w.wiki_title AS title FROM wiki w
       WHERE w.wiki_section = 'anime' AND w.wiki_bgm_id IS NOT NULL AND w.cover_file IS NULL
       ORDER BY EXISTS (SELECT 1 FROM onair o WHERE o.wiki_id = w.wiki_id AND o.oa_date_begin <= @now
                        AND (o.oa_date_end = 0 OR @now < o.oa_date_end + ${BROADCAST_DAY_SECONDS})) DESC,
                w.wiki_date DESC, w.wiki_id DESC`,
    )
    .all({ now: nowSeconds }) as Candidate[];
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.bgmId) && seen.add(r.bgmId));
}

class StopRun extends Error {}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** The origins a poster may come from, for this API. */
export function imageOrigins(apiBase: string): Set<string> {
  const own = httpOriginOf(apiBase);
  const origins = new Set(own ? [own] : []);
  if (own === httpOriginOf(BANGUMI_API)) origins.add(BANGUMI_IMAGE_ORIGIN);
  return origins;
}

/** A subject that came as another type than JSON is no subject, however large. */
function notJson(err: unknown): never {
  if (err instanceof AnswerRefusedError && err.reason === 'type') throw new Error('Bangumi answered something that is not JSON');
  throw err;
}

/** One anime's poster: its cover folder, null for none, or an Error for a failure worth asking again. */
function posterOf(run: PosterRun, apiOrigin: string, bgmId: number, allowed: Set<string>): Promise<string | null> {
  return withDeadline(run.signal, run.timeoutMs ?? 20_000, (signal) => askFor(run, apiOrigin, bgmId, allowed, signal));
}

async function askFor(run: PosterRun, apiOrigin: string, bgmId: number, allowed: Set<string>, signal: AbortSignal): Promise<string | null> {
  const init = { signal, headers: { 'user-agent': USER_AGENT, accept: 'application/json' } };
  const subject = await fetchOnOrigin(`${run.apiBase.replace(/\/+$/, '')}/v0/subjects/${bgmId}`, apiOrigin, init);
  if (!subject.ok) await subject.body?.cancel();
  if (subject.status === 404) return null;
  if (subject.status === 429 || subject.status >= 500) throw new StopRun(`Bangumi answered ${subject.status}; run it again later to go on.`);
  if (!subject.ok) throw new Error(`Bangumi answered ${subject.status}`);
  const text = (await readAnswer(subject, { maxBytes: MAX_SUBJECT_BYTES, types: JSON_TYPES, what: "Bangumi's answer" }).catch(notJson)).toString('utf8');
  let images: Record<string, unknown> | undefined;
  try {
    images = (JSON.parse(text) as { images?: Record<string, unknown> } | null)?.images;
  } catch {
    throw new Error('Bangumi answered something that is not JSON');
  }
  const url = [images?.large, images?.common].find((u): u is string => typeof u === 'string' && u.length > 0);
  if (!url) return null;
  const origin = httpOriginOf(url);
  if (!origin || !allowed.has(origin)) throw new Error(`the poster's address ${origin ?? url} is not Bangumi's; not fetched`);
  const image = await fetchOnOrigin(url, origin, { signal, headers: { 'user-agent': USER_AGENT } });
  if (!image.ok) await image.body?.cancel();
  if (image.status === 404) return null;
  if (!image.ok) throw new Error(`the picture answered ${image.status}`);
  const bytes = await readAnswer(image, { maxBytes: MAX_POSTER_BYTES, types: IMAGE_TYPES, what: 'the picture' });
  const { saveCover, CoverImageError } = await import('../write/cover-files');
  try {
    return await saveCover(run.dataDir, bytes);
  } catch (err) {
    if (err instanceof CoverImageError) return null; // not a picture: Bangumi's answer, not worth asking again
    throw err;
  }
}

/** Fetches the posters not asked for yet, one anime at a time; see the header. */
export async function fetchPosters(run: PosterRun): Promise<PosterResult> {
  const now = run.now ?? Date.now;
  const apiOrigin = httpOriginOf(run.apiBase);
  if (!apiOrigin) throw new Error(`The posters' API address "${run.apiBase}" is not an http or https URL.`);
  const allowed = imageOrigins(run.apiBase);
  const asked = run.posters.askedIds();
  const todo = posterCandidates(run.catalogue, Math.floor(now() / 1000)).filter((c) => !asked.has(c.bgmId));
  const result: PosterResult = { saved: 0, none: 0, failed: 0, stopped: false };
  run.progress({ phase: 'posters', done: 0, total: todo.length });
  for (const [i, c] of todo.entries()) {
    if (i > 0) await sleep(run.intervalMs ?? 500, run.signal);
    try {
      const coverFile = await posterOf(run, apiOrigin, c.bgmId, allowed);
      run.posters.record(c.bgmId, coverFile, Math.floor(now() / 1000));
      if (coverFile) result.saved++;
      else result.none++;
    } catch (err) {
      if (run.signal.aborted) throw err;
      if (err instanceof StopRun) {
        run.problem(err.message);
        result.stopped = true;
        break;
      }
      result.failed++;
      const why = err instanceof Error ? (err.name === 'TimeoutError' ? 'no answer in time' : err.message) : String(err);
      run.problem(`The poster of "${c.title}" (Bangumi ${c.bgmId}) was not saved: ${why}.`);
    }
    run.progress({ phase: 'posters', done: i + 1, total: todo.length });
  }
  return result;
}
