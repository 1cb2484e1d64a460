// GET /app/tags(.json|.xml): the most used tags of some entry types, with counts — the browse
// screen's tag chips. Not part of the Moefou interface, but answered like its operations: API key,
// envelope, both formats.
//
// Decisions:
// - `wiki_type` is required and read exactly as /wikis reads it (comma list, `anime` alias, unknown → 400);
// - `limit` (1–100, default 30; larger values are clamped to 100) bounds the list;
// - order: most used first, then by name; `information.count` is the number of tags listed.
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../api-route';
import { readWikiTypes } from './wikis';

export const DEFAULT_TAG_LIMIT = 30;
export const MAX_TAG_LIMIT = 100;

export async function appTagsRoutes(app: FastifyInstance): Promise<void> {
  const { catalogue } = app.deps;
  const options = {
    auth: 'api-key',
    summary: 'The most used tags of some entry types, with how many entries carry each',
    paged: false,
    responds: { tags: { list: true, object: 'TagDto' } },
    params: {
      wiki_type: { description: 'Comma list of types: music, radio, tv, web, movie, ova, oad; `anime` = tv,ova,oad,movie', required: true, example: 'music' },
      limit: { description: `How many tags, 1–${MAX_TAG_LIMIT} (larger values are clamped); default ${DEFAULT_TAG_LIMIT}`, example: '20' },
    },
  } as const;
  apiRoute(app, '/app/tags', options, ({ params }) => {
    const types = readWikiTypes(params, true)!;
    const limit = params.positiveInt('limit', MAX_TAG_LIMIT) ?? DEFAULT_TAG_LIMIT;
    const tags = catalogue.queries.tags.mostUsed(types, limit);
    return { information: { count: tags.length }, payload: { tags } };
  });
}
