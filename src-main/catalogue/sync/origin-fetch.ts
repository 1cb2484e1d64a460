// Fetching on a remote's word without reaching anywhere else (docs/architecture.md, Security): a URL a synced remote
// gave (its answers, its audio, its covers) is fetched only on that remote's own origin — the scheme,
// host and port of the server the sync came from — and every redirect is followed by hand, each hop
// held to the same origin. So a remote cannot point Moecat at another service on the user's machine or
// network, neither directly nor through a redirect.
//
// Every fetch is bounded too, the same way for all (sync answers, covers, audio, posters): a deadline
// covers the whole exchange, the answer read included (withDeadline); the caller checks the status;
// then the content type and a declared length are checked before a byte of the body is read, and the
// body is read chunk by chunk and given up the moment it passes the caller's byte limit (readAnswer,
// streamAnswer) — never read whole and measured after, so an endless or huge answer costs at most the
// limit in memory.

/** A URL or a redirect that leaves the remote's origin; nothing was fetched from there. */
export class ForeignOriginError extends Error {
  override name = 'ForeignOriginError';
}

const MAX_REDIRECTS = 5;

/** The origin of a URL (`http://host:port`), or undefined when it is not an http(s) URL. */
export function httpOriginOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `url` is an http(s) URL on `origin`. */
export function isOnOrigin(url: string, origin: string): boolean {
  return httpOriginOf(url) === origin;
}

/**
 * fetch() of `url`, which must be on `origin`, following at most MAX_REDIRECTS redirects that stay on
 * it; throws ForeignOriginError for a URL or a hop elsewhere (a redirect without a Location is answered
 * as it is). The caller's `init.redirect` is ignored: redirects are always followed here.
 */
export async function fetchOnOrigin(url: string, origin: string, init: RequestInit = {}, doFetch: typeof fetch = fetch): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    if (!isOnOrigin(current, origin)) {
      throw new ForeignOriginError(
        hop === 0
          ? `${current} is not on ${origin}, the server this came from.`
          : `${origin} redirected to ${httpOriginOf(current) ?? 'another place'}, which is not the server this came from.`,
      );
    }
    const res = await doFetch(current, { ...init, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new ForeignOriginError(`${origin} redirected more than ${MAX_REDIRECTS} times.`);
    try {
      current = new URL(location, current).toString();
    } catch {
      throw new ForeignOriginError(`${origin} redirected to something that is not a URL.`);
    }
  }
}

/** An answer refused by its content type or its size; what was past the limit was never read. */
export class AnswerRefusedError extends Error {
  override name = 'AnswerRefusedError';
  constructor(
    readonly reason: 'type' | 'size',
    message: string,
  ) {
    super(message);
  }
}

/** The content type of an answer without its parameters, lower case ('' when it names none). */
export function mediaTypeOf(res: Response): string {
  return (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** Types a JSON answer may come as: JSON's own, and text (servers that label JSON text/html or text/plain). */
export const JSON_TYPES = (type: string) =>
  type === '' || type.startsWith('text/') || /^application\/([\w.+-]+\+)?json$/.test(type) || type === 'application/javascript';
/** Types a picture may come as. */
export const IMAGE_TYPES = (type: string) => type === '' || type === 'application/octet-stream' || type.startsWith('image/');
/** Types an audio file may come as. */
export const AUDIO_TYPES = (type: string) => type === '' || type === 'application/octet-stream' || type.startsWith('audio/');

export interface AnswerLimits {
  /** The most bytes read: past it the answer is refused and the rest is never read. */
  maxBytes: number;
  /** Whether a content type (mediaTypeOf) is taken; any when left out. */
  types?: (type: string) => boolean;
  /** The answer in messages ('the picture', a URL …). */
  what: string;
}

const sizeIn = (bytes: number) => (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`);

/**
 * Passes the body to `onChunk` a chunk at a time, after checking its type and declared length, and
 * stops at `maxBytes` (the rest cancelled). Resolves with the bytes read; AnswerRefusedError otherwise.
 */
export async function streamAnswer(res: Response, limits: AnswerLimits, onChunk: (chunk: Uint8Array) => unknown): Promise<number> {
  const type = mediaTypeOf(res);
  const refuse = async (err: AnswerRefusedError) => {
    await res.body?.cancel().catch(() => {});
    throw err;
  };
  if (limits.types && !limits.types(type)) await refuse(new AnswerRefusedError('type', `${limits.what} came as ${type || 'no content type'}`));
  const declared = Number(res.headers.get('content-length') ?? '');
  const tooLarge = () => new AnswerRefusedError('size', `${limits.what} is larger than ${sizeIn(limits.maxBytes)}`);
  if (declared > limits.maxBytes) await refuse(tooLarge());
  if (!res.body) return 0;
  const reader = res.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > limits.maxBytes) throw tooLarge();
      await onChunk(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  } finally {
    reader.releaseLock();
  }
}

/** The whole body, read as streamAnswer reads it: at most `maxBytes` ever held. */
export async function readAnswer(res: Response, limits: AnswerLimits): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  await streamAnswer(res, limits, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

/** Thrown by withDeadline when the time is up. */
export class DeadlineError extends Error {
  override name = 'TimeoutError';
}

/**
 * `work` with a signal that aborts when `outer` does or after `ms`: give it to fetch() and read the
 * answer inside `work`, and the deadline covers the whole exchange. A timer of our own:
 * AbortSignal.any() over AbortSignal.timeout() could lose the timeout to the garbage collector on Node 20.
 */
export async function withDeadline<T>(outer: AbortSignal | undefined, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineError('no answer in time')), ms);
  const cancel = () => controller.abort(outer?.reason);
  if (outer?.aborted) cancel();
  outer?.addEventListener('abort', cancel, { once: true });
  try {
    return await work(controller.signal);
  } catch (err) {
    throw controller.signal.aborted && !outer?.aborted ? controller.signal.reason : err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', cancel);
  }
}
