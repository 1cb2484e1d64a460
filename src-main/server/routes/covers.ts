// GET /covers/:wikiId/:size — an entry's cover in one of the four sizes (small, medium, square, large):
// the picture saved with an imported or synced entry, else an anime's poster fetched from Bangumi
// (catalogue/sync/posters.ts; both JPEGs under the data directory's covers/), else a generated JPEG
// (cover-art.ts; the SVG it is drawn from when sharp cannot draw it), marked `moecat-cover: generated`. A
// saved cover is read only from inside covers/ (cover-files.ts: no link leads out), and is named by its
// content, so its ETag is that name: the browser revalidates (no-cache) and an unchanged cover costs a
// 304; a re-import with another picture shows at once. A generated one is kept a day by the browser,
// unless posters are on: then it is revalidated, so a poster fetched meanwhile shows.
// Not an operation: it answers a picture at the address wiki_cover names, with HTTP caching of its own
// and no envelope, so there is nothing to declare or to describe at /docs.
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { COVER_FILE_TYPE, savedCoverFile } from '../../catalogue/write/cover-files';
import { COVER_SIZES, GENERATED_COVER_HEADER, type CoverSize } from '../../contract/covers';
import { ApiError } from '../api-error';
import { coverJpeg, coverSvg } from '../cover-art';

/** The saved file of a cover and its size in bytes, or undefined when it is not there (then the cover is drawn). */
async function savedCover(dataDir: string | undefined, coverFile: string | null, size: CoverSize) {
  return dataDir && coverFile ? savedCoverFile(dataDir, coverFile, size) : undefined;
}

export async function coverRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { wikiId: string; size: string } }>('/covers/:wikiId/:size', async (request, reply) => {
    const { wikiId, size } = request.params;
    const id = /^\d{1,15}$/.test(wikiId) ? Number(wikiId) : NaN;
    const source = Number.isSafeInteger(id) ? app.deps.catalogue.coverSource(id) : undefined;
    if (!(size in COVER_SIZES) || !source) {
      throw new ApiError('NOT_FOUND', 'No such cover.');
    }
    const poster = !source.coverFile && source.bgmId !== null ? app.deps.userDb.posters.coverOf(source.bgmId) : undefined;
    const coverFile = source.coverFile ?? poster ?? null;
    const saved = await savedCover(app.deps.dataDir, coverFile, size as CoverSize);
    if (saved) {
      const etag = `"${coverFile}-${size}"`;
      reply.header('etag', etag).header('cache-control', 'public, no-cache');
      const matches = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (matches.includes(etag)) return reply.code(304).send();
      return reply.type(COVER_FILE_TYPE).header('content-length', saved.bytes).send(createReadStream(saved.path));
    }
    const postersOn = source.bgmId !== null && poster === undefined && app.deps.userDb.settings.posters().enabled;
    reply.header(GENERATED_COVER_HEADER, 'generated').header('cache-control', postersOn ? 'public, no-cache' : 'public, max-age=86400');
    const jpeg = await coverJpeg(source.title, size as CoverSize).catch((err: unknown) => {
      request.log.warn({ err }, 'a generated cover was sent as SVG: sharp could not draw it');
      return undefined;
    });
    if (jpeg) return reply.type(COVER_FILE_TYPE).send(jpeg);
    return reply.type('image/svg+xml; charset=utf-8').send(coverSvg(source.title, size as CoverSize));
  });
}
