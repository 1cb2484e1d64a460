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
// - Bounded (origin-fetch.ts): one deadline (`timeoutMs`) covers a request and the reading of its answer;
//   the content type and a declared length are checked before reading (JSON answers as JSON or text,
//   covers as pictures, audio as audio), and reading stops at the limit while streaming: answers at
//   MAX_ANSWER_BYTES, covers and audio at the caller's limit (audio streams to a file).
// - Every request stays on the remote's own origin, redirects included (origin-fetch.ts): a URL the
//   remote gives for its audio or covers that points elsewhere is refused, never fetched.
// - A failure says what was wrong — the status, the content type, the envelope's own message — but
//   never quotes other text of the answer: whatever a remote sends is not repeated to the user.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { GENERATED_COVER_HEADER } from '../../contract/covers';
import {
  AnswerRefusedError,
  AUDIO_TYPES,
  fetchOnOrigin,
  ForeignOriginError,
  IMAGE_TYPES,
  JSON_TYPES,
  mediaTypeOf,
  readAnswer,
  streamAnswer,
  withDeadline,
} from './origin-fetch';
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
  /** The picture at `url` (at most maxBytes, sent as a picture), its content type, and whether the remote says it drew it from the title (a generated cover). */
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
  if (err instanceof Error && err.name === 'TimeoutError')
    return `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`;
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

  /**
   * One request with retries; `label` names it in messages. `read` takes a 2xx answer within the same
   * deadline. Network failures and timeouts before an answer are retried; a failure while reading is not.
   */
  async function request<T>(url: string, label: string, path: string, read: (res: Response) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      await slot();
      requests.set(path, (requests.get(path) ?? 0) + 1);
      let answered = false;
      let failed: { status: number; detail: string } | undefined;
      try {
        const value = await withDeadline(signal, timeoutMs, async (deadline) => {
          const res = await fetchOnOrigin(url, origin, { signal: deadline, headers: { accept: 'application/json' } }, doFetch);
          answered = true;
          if (res.ok) return { value: await read(res) };
          failed = { status: res.status, detail: await errorDetail(res) };
          return undefined;
        });
        if (value) return value.value;
      } catch (err) {
        signal?.throwIfAborted();
        if (err instanceof RemoteError) throw err;
        if (err instanceof ForeignOriginError) throw new RemoteError('foreign', `Refused ${label}: ${err.message}`);
        if (err instanceof AnswerRefusedError) throw new RemoteError('garbage', `Refused ${label} from ${baseUrl}: ${err.message}.`);
        if (answered) throw new RemoteError('unreachable', `${baseUrl} did not finish answering ${label}: ${networkCause(err, timeoutMs)}.`);
        if (attempt < retries) {
          await sleep(retryDelayMs * 2 ** attempt, signal);
          continue;
        }
        throw new RemoteError('unreachable', `Cannot reach ${baseUrl}: ${networkCause(err, timeoutMs)} (${label}, tried ${attempt + 1} times).`);
      }
      const { status, detail } = failed!;
      if ((status >= 500 || status === 429) && attempt < retries) {
        await sleep(retryDelayMs * 2 ** attempt, signal);
        continue;
      }
      if (status === 401 || status === 403) {
        throw new RemoteError('refused', `${baseUrl} refused the API key (HTTP ${status}${detail}). Check the key.`, status);
      }
      const tries = status >= 500 || status === 429 ? ` (tried ${attempt + 1} times)` : '';
      throw new RemoteError('http', `${baseUrl} answered ${label} with HTTP ${status}${tries}${detail || '.'}`, status);
    }
  }

  /** ': "<the envelope's message>"' when an error answer is a Moefou envelope, else ''. */
  async function errorDetail(res: Response): Promise<string> {
    try {
      const body = JSON.parse((await readAnswer(res, { maxBytes: 64 * 1024, types: JSON_TYPES, what: 'the error answer' })).toString('utf8')) as unknown;
      if ((await validatorOf('any'))(body)) {
        const msg = (body as { response: Answers['any'] }).response.information.msg;
        if (Array.isArray(msg) && msg.length > 0) return `: "${oneLine(msg.map(String).join(' '))}"`;
      }
    } catch {
      // not JSON, or too long: the status says enough
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
      const { bytes, type } = await request(`${baseUrl}${path}?${query}`, path, path, async (res) => {
        const type = oneLine(mediaTypeOf(res) || 'no content type').slice(0, 80);
        try {
          return { bytes: await readAnswer(res, { maxBytes: MAX_ANSWER_BYTES, types: JSON_TYPES, what: `${baseUrl}'s answer to ${path}` }), type };
        } catch (err) {
          if (!(err instanceof AnswerRefusedError)) throw err;
          const why =
            err.reason === 'type'
              ? `with something that is not JSON (${type}); is it a Moefou-compatible API?`
              : `with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB.`;
          throw new RemoteError('garbage', `${baseUrl} answered ${path} ${why}`);
        }
      });
      let body: unknown;
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new RemoteError(
          'garbage',
          `${baseUrl} answered ${path} with something that is not JSON (${type}, ${bytes.length} bytes); is it a Moefou-compatible API?`,
        );
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
      return request(url, path, 'files', async (res) => ({
        generated: res.headers.get(GENERATED_COVER_HEADER) === 'generated',
        type: res.headers.get('content-type') ?? '',
        bytes: await readAnswer(res, { maxBytes, types: IMAGE_TYPES, what: 'the picture' }),
      }));
    },
    async download(url, file, maxBytes) {
      const path = new URL(url).pathname;
      return request(url, path, 'files', async (res) => {
        const hash = createHash('md5');
        const out = createWriteStream(file);
        try {
          const bytes = await streamAnswer(res, { maxBytes, types: AUDIO_TYPES, what: 'the audio' }, async (chunk) => {
            hash.update(chunk);
            if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          });
          await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
          return { bytes, md5: hash.digest('hex') };
        } catch (err) {
          // Closed before removed: a file still being opened would otherwise appear after the removal.
          if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy());
          await rm(file, { force: true });
          throw err;
        }
      });
    },
  };
}
