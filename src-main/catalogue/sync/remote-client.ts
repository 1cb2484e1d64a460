// The HTTP side of remote sync: GET requests to a Moefou-compatible API, at most `rate` a second, each
// with a timeout and a few retries, and every answer checked (remote-answers.ts) before anything reads
// it — so a remote that is down, refuses the key or answers garbage stops a sync with one clear
// sentence instead of half-read data.
//
// Decisions:
// - Answers are asked for as JSON with the key in the query (`api_key`), as Moefou clients call.
// - Retried (at most `retries` more times, the wait doubling from `retryDelayMs`): network failures,
//   timeouts, HTTP 5xx and 429. Never retried: 401/403 (the key), other 4xx, an answer that is not JSON
//   or not a Moefou envelope — asking again would get the same.
// - An answer whose envelope says `error` ≠ 0 is an error even with HTTP 200.
// - Messages name the remote's base URL and the path, never the query (it holds the key).
// - Answers are read up to MAX_ANSWER_BYTES; audio streams to a file up to the caller's byte limit.
// - Every request stays on the remote's own origin, redirects included (origin-fetch.ts): a URL the
//   remote gives for its audio or covers that points elsewhere is refused, never fetched.
// - A failure says what was wrong — the status, the content type, the envelope's own message — but
//   never quotes other text of the answer: whatever a remote sends is not repeated to the user.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { GENERATED_COVER_HEADER } from '../../contract/covers';
import { fetchOnOrigin, ForeignOriginError } from './origin-fetch';
import { complaint, validatorOf, type AnswerKind, type Answers } from './remote-answers';

export const DEFAULT_RATE = 10;
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export type RemoteErrorKind = 'unreachable' | 'refused' | 'http' | 'garbage' | 'changed' | 'foreign';

/** Why a sync stopped because of the remote, in one sentence for the user. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(
    readonly kind: RemoteErrorKind,
    message: string,
    /** The HTTP status, when the remote answered with an error status. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** `http(s)://host[:port][/path]` without a trailing slash, query or fragment; else a RangeError. */
export function normaliseRemoteUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new RangeError(`"${text}" is not a URL (expected http://host:port or https://…).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`"${text}" is not an http or https URL.`);
  if (url.username || url.password) throw new RangeError('The remote URL must not carry a user name or password; give the API key instead.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface RemoteClientOptions {
  /** A normalised base URL (normaliseRemoteUrl). */
  baseUrl: string;
  key: string;
  /** Requests per second at most (default 10). */
  rate?: number;
  timeoutMs?: number;
  /** More attempts after the first, for failures worth retrying (default 2). */
  retries?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface RemoteClient {
  readonly baseUrl: string;
  /** GET `path` (e.g. '/wikis.json') with the key and `params`; the answer's `response`, checked. */
  get<K extends AnswerKind>(kind: K, path: string, params?: Record<string, string | number>): Promise<Answers[K]>;
  /** The bytes at `url` (at most maxBytes), their content type, and whether the remote says it drew them from the title (a generated cover). */
  fetchBytes(url: string, maxBytes: number): Promise<{ bytes: Buffer; type: string; generated: boolean }>;
  /** Streams `url` into `file` (at most maxBytes); its size and md5. Removes the file on failure. */
  download(url: string, file: string, maxBytes: number): Promise<{ bytes: number; md5: string }>;
  /** True once the sync's signal has aborted (a failure then is the interruption, not the remote's). */
  aborted(): boolean;
  /** Requests made so far, by path (retries included). */
  readonly requests: Map<string, number>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Why a fetch threw, in a few words ('connection refused', 'no answer within 30 s' …). */
function networkCause(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`;
  const cause = err instanceof Error ? (err.cause as NodeJS.ErrnoException | undefined) : undefined;
  const code = cause?.code ?? '';
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be looked up',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
    UND_ERR_SOCKET: 'the connection closed unexpectedly',
  };
  return known[code] ?? (cause?.message || (err instanceof Error ? err.message : String(err)));
}

async function readLimited(res: Response, limit: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new RemoteError('garbage', `${what} is larger than ${Math.round(limit / 1024 / 1024)} MiB.`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** An envelope's messages as a remote wrote them, bounded and one line: they explain a refusal. */
const MAX_MESSAGE = 200;
const oneLine = (text: string) => {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
};

export function createRemoteClient(opts: RemoteClientOptions): RemoteClient {
  const { baseUrl, key, signal } = opts;
  const origin = new URL(baseUrl).origin;
  const doFetch = opts.fetch ?? fetch;
  const interval = 1000 / Math.max(0.01, opts.rate ?? DEFAULT_RATE);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const retries = opts.retries ?? 2;
  const retryDelayMs = opts.retryDelayMs ?? 500;
  const requests = new Map<string, number>();
  let nextSlot = 0;

  /** Waits for the next request slot (the rate limit). */
  async function slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + interval;
    await sleep(at - now, signal);
  }

  /** One request with retries; `label` names it in messages. Resolves with a 2xx response. */
  async function request(url: string, label: string, path: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      await slot();
      requests.set(path, (requests.get(path) ?? 0) + 1);
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await fetchOnOrigin(url, origin, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, headers: { accept: 'application/json' } }, doFetch);
      } catch (err) {
        signal?.throwIfAborted();
        if (err instanceof ForeignOriginError) throw new RemoteError('foreign', `Refused ${label}: ${err.message}`);
        if (attempt < retries) {
          await sleep(retryDelayMs * 2 ** attempt, signal);
          continue;
        }
        throw new RemoteError('unreachable', `Cannot reach ${baseUrl}: ${networkCause(err, timeoutMs)} (${label}, tried ${attempt + 1} times).`);
      }
      if (res.ok) return res;
      const detail = await errorDetail(res);
      if ((res.status >= 500 || res.status === 429) && attempt < retries) {
        await sleep(retryDelayMs * 2 ** attempt, signal);
        continue;
      }
      if (res.status === 401 || res.status === 403) {
        throw new RemoteError('refused', `${baseUrl} refused the API key (HTTP ${res.status}${detail}). Check the key.`, res.status);
      }
      const tries = res.status >= 500 || res.status === 429 ? ` (tried ${attempt + 1} times)` : '';
      throw new RemoteError('http', `${baseUrl} answered ${label} with HTTP ${res.status}${tries}${detail || '.'}`, res.status);
    }
  }

  /** ': "<the envelope's message>"' when an error answer is a Moefou envelope, else ''. */
  async function errorDetail(res: Response): Promise<string> {
    try {
      const body = JSON.parse((await readLimited(res, 64 * 1024, 'The error answer')).toString('utf8')) as unknown;
      if ((await validatorOf('any'))(body)) {
        const msg = (body as { response: Answers['any'] }).response.information.msg;
        if (Array.isArray(msg) && msg.length > 0) return `: "${oneLine(msg.map(String).join(' '))}"`;
      }
    } catch {
      // not JSON: the status says enough
    }
    return '';
  }

  return {
    baseUrl,
    requests,
    aborted: () => signal?.aborted === true,
    async get(kind, path, params = {}) {
      const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
      query.set('api_key', key);
      const res = await request(`${baseUrl}${path}?${query}`, path, path);
      const bytes = await readLimited(res, MAX_ANSWER_BYTES, `${baseUrl}'s answer to ${path}`);
      let body: unknown;
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        const type = oneLine(res.headers.get('content-type') ?? 'no content type').slice(0, 80);
        throw new RemoteError('garbage', `${baseUrl} answered ${path} with something that is not JSON (${type}, ${bytes.length} bytes); is it a Moefou-compatible API?`);
      }
      const validate = await validatorOf(kind);
      if (!validate(body)) {
        throw new RemoteError('garbage', `${baseUrl} answered ${path} with something that is not a Moefou answer: ${complaint(validate)}.`);
      }
      const response = (body as { response: Answers[typeof kind] }).response;
      const error = response.information.error;
      if (error !== undefined && error !== 0) {
        const msg = response.information.msg?.join(' ');
        throw new RemoteError('http', `${baseUrl} answered ${path} with error ${error}${msg ? `: ${oneLine(msg)}` : ''}.`);
      }
      return response;
    },
    async fetchBytes(url, maxBytes) {
      const path = new URL(url).pathname;
      const res = await request(url, path, 'files');
      const generated = res.headers.get(GENERATED_COVER_HEADER) === 'generated';
      return { bytes: await readLimited(res, maxBytes, url), type: res.headers.get('content-type') ?? '', generated };
    },
    async download(url, file, maxBytes) {
      const path = new URL(url).pathname;
      const res = await request(url, path, 'files');
      const hash = createHash('md5');
      const out = createWriteStream(file);
      let bytes = 0;
      try {
        if (!res.body) throw new RemoteError('garbage', `${url} sent no body.`);
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          if (bytes > maxBytes) {
            await reader.cancel();
            throw new RemoteError('garbage', `${url} is larger than ${maxBytes} bytes.`);
          }
          hash.update(value);
          if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        return { bytes, md5: hash.digest('hex') };
      } catch (err) {
        out.destroy();
        await rm(file, { force: true });
        throw err;
      }
    },
  };
}
