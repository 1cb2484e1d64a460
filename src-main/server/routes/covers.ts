// GET /covers/:wikiId/:size — an entry's cover in one of the four sizes (small, medium, square, large).
import type { FastifyInstance } from 'fastify';
import { COVER_SIZES, coverSvg, type CoverSize } from '../cover-art';

export async function coverRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { wikiId: string; size: string } }>('/covers/:wikiId/:size', async (request, reply) => {
    const { wikiId, size } = request.params;
    const id = /^\d{1,15}$/.test(wikiId) ? Number(wikiId) : NaN;
    const source = Number.isSafeInteger(id) ? app.deps.catalogue.coverSource(id) : undefined;
    if (!(size in COVER_SIZES) || !source) {
      return reply.code(404).send({ error: 404, has_error: true, msg: ['No such cover.'] });
    }
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(coverSvg(source.title, source.type, size as CoverSize));
  });
}
