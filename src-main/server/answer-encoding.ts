// Compressed answers. An answer of at least COMPRESS_MIN_BYTES goes out gzip-encoded to a client that
// accepts gzip — browsers, fetch (Node's and the UI's), curl --compressed and most HTTP libraries ask
// for it — with `Vary: Accept-Encoding`; other clients get the same bytes uncompressed. A list page
// shrinks to about a seventh, and every byte not sent is CPU that neither the server nor its client
// spends.
// An answer the answer cache keeps is compressed once, before it is stored, and kept only in that form
// (keptForm), so the same bound holds several times the answers. A cache hit sends the stored bytes to a
// client that takes gzip; the first client that does not gets them decompressed, and the plain form is
// kept from then on beside the compressed one (plainFormAdded): decompressing on every hit cost CPU per
// answer and grew the process by the buffers it churned. The header is read by
// @fastify/accept-negotiator (q-values, `*`, `gzip;q=0`), its verdicts memoised per header text.
// Level 3, the best of zlib's fast deflate (levels 1–3 skip lazy matching): less than half level 6's
// time for a few per cent more bytes. A cold answer is compressed as it is made, so the level is paid
// on its latency.
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CachedAnswer } from './answer-cache';

export const COMPRESS_MIN_BYTES = 1024;
const GZIP_LEVEL = 3;

/** Verdicts per Accept-Encoding text; clients send few distinct ones, the bound keeps odd ones out. */
const verdicts = new Map<string, string>();
const negotiator = new Negotiator({
  supportedValues: ['gzip', 'identity'],
  cache: {
    get: (key) => verdicts.get(key),
    has: (key) => verdicts.has(key),
    set(key, value) {
      if (verdicts.size >= 200) verdicts.clear();
      verdicts.set(key, value);
      return this;
    },
  },
});

export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && negotiator.negotiate(header) === 'gzip';
}

/**
 * The form the answer cache keeps: a large answer as its gzip bytes alone (see above), a small one as
 * it is. `answer` gains the gzip form too, so the reply that made it need not compress it again.
 */
export function keptForm(answer: CachedAnswer): CachedAnswer {
  if (!answer.body || answer.body.length < COMPRESS_MIN_BYTES) return answer;
  answer.gzip ??= gzipSync(answer.body, { level: GZIP_LEVEL });
  return { status: answer.status, contentType: answer.contentType, gzip: answer.gzip };
}

/**
 * A kept answer as `request` is sent it: when the client does not take gzip and the answer holds only
 * its compressed form, the same answer with the plain body added, which `keep` stores in its place
 * (the cache declines it if both forms together exceed its bound for one answer, 2 MiB; the largest
 * answer today, the on-air week, is 112 KB).
 */
export function plainFormAdded(request: FastifyRequest, answer: CachedAnswer, keep: (whole: CachedAnswer) => void): CachedAnswer {
  if (answer.body || !answer.gzip || acceptsGzip(request.headers['accept-encoding'])) return answer;
  const whole = { ...answer, body: gunzipSync(answer.gzip) };
  keep(whole);
  return whole;
}

/** The bytes to send for `answer`, the encoding headers set on `reply` to match. */
export function encodedBody(reply: FastifyReply, answer: CachedAnswer): Buffer {
  if (answer.body && answer.body.length < COMPRESS_MIN_BYTES) return answer.body;
  reply.header('vary', 'Accept-Encoding');
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return answer.body ?? gunzipSync(answer.gzip!);
  reply.header('content-encoding', 'gzip');
  return answer.gzip ?? gzipSync(answer.body!, { level: GZIP_LEVEL });
}
