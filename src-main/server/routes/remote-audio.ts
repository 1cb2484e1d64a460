// GET /files/remote/:upId — a synced song whose audio stays on its remote, streamed through this
// server. The UI's pages may load media only from this server (content-security-policy.ts), and a
// remote may not allow cross-origin range requests; so the player plays `/files/remote/<up_id>` for
// any up_url that is not this server's. The API's up_url keeps the remote's own URL (other tools
// fetch it directly).
// This is no open proxy (docs/architecture.md, Security): only a URL a sync stored is fetched, only on the origin of the
// remote it was synced from, every redirect held to that origin (origin-fetch.ts); and whatever comes
// back is answered as audio only — `audio/mpeg`, `nosniff`, a sandboxing CSP — so a page a remote
// slips in is never run on this server's origin. The Range header is passed on and the remote's
// status, length, range and validators come back; the remote request is cancelled when the listener
// goes away. A remote that cannot be reached answers 502 in the envelope, saying how to listen offline.
// Not an operation: what it answers is the remote's audio stream, passed through, for the UI's player
// alone (the API's up_url is the remote's own), so it has no envelope to declare and nothing for /docs.
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { fetchOnOrigin, ForeignOriginError } from '../../catalogue/sync/origin-fetch';
import { ApiError } from '../api-error';

/** How long the remote may take to start answering; the transfer itself may take as long as it needs. */
const CONNECT_TIMEOUT_MS = 15_000;
const PASSED_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

export async function remoteAudioRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { upId: string } }>('/files/remote/:upId', async (request, reply) => {
    const upId = /^\d{1,15}$/.test(request.params.upId) ? Number(request.params.upId) : NaN;
    const audio = Number.isSafeInteger(upId) ? app.deps.catalogue.remoteAudio(upId) : undefined;
    if (!audio) throw new ApiError('NOT_FOUND', 'No synced audio file with this id.');
    const host = new URL(audio.origin).host;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), CONNECT_TIMEOUT_MS);
    request.raw.once('close', () => abort.abort());
    let upstream: Response;
    try {
      const range = request.headers.range;
      upstream = await fetchOnOrigin(audio.url, audio.origin, { headers: range ? { range } : {}, signal: abort.signal });
    } catch (err) {
      if (err instanceof ForeignOriginError) throw new ApiError('BAD_GATEWAY', `This song's audio was refused: ${err.message}`);
      throw new ApiError(
        'BAD_GATEWAY',
        `The server this song was synced from (${host}) cannot be reached. Sync it with the audio cache turned on to listen offline.`,
      );
    } finally {
      clearTimeout(timer);
    }
    if (!upstream.ok || !upstream.body) {
      await upstream.body?.cancel();
      if (upstream.status === 416) throw new ApiError('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file.');
      throw new ApiError('BAD_GATEWAY', `The server this song was synced from (${host}) answered ${upstream.status}.`);
    }
    reply
      .code(upstream.status)
      .type('audio/mpeg')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox');
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    return reply.send(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream));
  });
}
