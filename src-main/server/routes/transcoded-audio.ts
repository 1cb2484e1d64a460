// GET /files/transcoded/:upId[?start=<seconds>][&format=flac|opus|mp3][&kbps=<n>] — an imported file
// the browser cannot decode (ALAC, AIFF, WavPack, Monkey's Audio, Musepack, WMA: contract/audio-formats.ts),
// streamed as FLAC (lossless sources) or Opus by ffmpeg (transcoder.ts) from `start` on; with `format`,
// any imported file in that format (what an OpenSubsonic player asks with `format` or `maxBitRate`),
// lossy ones at `kbps`. A stream has no byte ranges: the player seeks by asking again from another start. The file is found as /files/folder/… finds it (files.ts: real path inside the
// folder). Without ffmpeg, or with every transcode slot taken, it answers 503 saying so; the ffmpeg
// process ends when the listener goes away. The API's up_url keeps naming the file itself.
// Not an operation: it answers an audio stream for the UI's player, with no envelope and nothing to
// describe at /docs (like /files/remote/…).
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { needsTranscode } from '../../contract/audio-formats';
import { ApiError, badParameter } from '../api-error';
import { parseQuery } from '../query';
import type { TranscodeCodec, Transcoder } from '../transcoder';
import { folderFile } from './folder-file';

const CODECS: readonly TranscodeCodec[] = ['flac', 'opus', 'mp3'];

/** Formats whose ffmpeg demuxer cannot seek (Musepack SV8): a start is reached by decoding up to it. */
const UNSEEKABLE = new Set(['mpc']);

export const NEEDS_FFMPEG = 'This file plays only transcoded, and there is no ffmpeg on the PATH of the Moecat server: not playable here.';

export function transcodedAudioRoutes(app: FastifyInstance, transcoder: Transcoder): void {
  app.get<{ Params: { upId: string } }>('/files/transcoded/:upId', async (request, reply) => {
    const upId = /^\d{1,15}$/.test(request.params.upId) ? Number(request.params.upId) : NaN;
    const audio = Number.isSafeInteger(upId) ? app.deps.catalogue.queries.library.folderAudio(upId) : undefined;
    const query = parseQuery(request.url).params;
    const format = query.get('format') ?? '';
    if (format !== '' && !CODECS.includes(format as TranscodeCodec)) throw badParameter('format', `must be one of ${CODECS.join(', ')}`);
    if (!audio || (format === '' && !needsTranscode(audio.up_type))) throw new ApiError('NOT_FOUND', 'No imported file with this id plays transcoded.');
    const raw = query.get('start') ?? '0';
    const start = /^\d{1,7}(\.\d{1,6})?$/.test(raw) ? Number(raw) : NaN;
    if (!(start >= 0)) throw badParameter('start', 'must be a number of seconds');
    const rawKbps = query.get('kbps');
    const kbps = rawKbps === undefined ? undefined : /^\d{2,3}$/.test(rawKbps) && Number(rawKbps) >= 32 && Number(rawKbps) <= 320 ? Number(rawKbps) : NaN;
    if (Number.isNaN(kbps)) throw badParameter('kbps', 'must be a whole number from 32 to 320');
    if (!transcoder.available) throw new ApiError('UNAVAILABLE', NEEDS_FFMPEG);
    const prefix = `/folder/${audio.source_id}/`;
    const file = audio.up_uri.startsWith(prefix) ? await folderFile(app, String(audio.source_id), audio.up_uri.slice(prefix.length)) : undefined;
    if (!file) throw new ApiError('NOT_FOUND', 'The file is not in its folder any more (moved, deleted, or on a disk that is not there).');
    let output;
    try {
      output = await transcoder.start(join(file.root, file.path), {
        start: Math.min(start, audio.up_length),
        codec: (format as TranscodeCodec) || (audio.up_lossless === 1 ? 'flac' : 'opus'),
        seekable: !UNSEEKABLE.has(audio.up_type),
        kbps,
      });
    } catch (err) {
      throw new ApiError('UNAVAILABLE', `ffmpeg could not be started (${(err as Error).message}): not playable here.`);
    }
    if (!output) throw new ApiError('UNAVAILABLE', 'Too many songs are being transcoded at once; try again in a moment.');
    const { stream, stop } = output;
    // The response closes when it is sent whole or when the listener goes away: either way ffmpeg is done.
    reply.raw.once('close', stop);
    return reply
      .type(output.mime)
      .header('cache-control', 'no-store')
      .header('accept-ranges', 'none')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .send(stream);
  });
}
