// GET /files/remote/:upId — a synced song whose audio stays on its remote, streamed through this
// server. The UI's pages may load media only from this server (content-security-policy.ts), and a
// remote may not allow cross-origin range requests; so the player plays `/files/remote/<up_id>` for
// any up_url that is not this server's. The API's up_url keeps the remote's own URL (other tools
// fetch it directly). Only URLs a sync stored can be fetched: this is no open proxy.
// The Range header is passed on and the remote's status, length, range and validators come back; the
// remote request is cancelled when the listener goes away. A remote that cannot be reached answers
// 502 in the envelope, saying how to listen offline (sync with the audio cache).
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { ApiError } from '../api-error';

/** How long the remote may take to start answering; the transfer itself may take as long as it needs. */
const CONNECT_TIMEOUT_MS = 15_000;
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

export async function remoteAudioRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { upId: string } }>('/files/remote/:upId', { schema: { hide: true } }, async (request, reply) => {
    const upId = /^\d{1,15}$/.test(request.params.upId) ? Number(request.params.upId) : NaN;
    const url = Number.isSafeInteger(upId) ? app.deps.catalogue.remoteAudioUrl(upId) : undefined;
    if (!url) throw new ApiError('NOT_FOUND', 'No synced audio file with this id.');
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), CONNECT_TIMEOUT_MS);
    request.raw.once('close', () => abort.abort());
    let upstream: Response;
    try {
      const range = request.headers.range;
      upstream = await fetch(url, { headers: range ? { range } : {}, signal: abort.signal, redirect: 'follow' });
    } catch {
      throw new ApiError('BAD_GATEWAY', `The server this song was synced from (${new URL(url).host}) cannot be reached. Sync it with the audio cache turned on to listen offline.`);
    } finally {
      clearTimeout(timer);
    }
    if (!upstream.ok || !upstream.body) {
      await upstream.body?.cancel();
      if (upstream.status === 416) throw new ApiError('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file.');
      throw new ApiError('BAD_GATEWAY', `The server this song was synced from (${new URL(url).host}) answered ${upstream.status}.`);
    }
    reply.code(upstream.status).header('cache-control', 'no-cache');
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    return reply.send(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream));
  });
}
