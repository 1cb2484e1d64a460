// GET /search/direct: the portal (DESIGN.md §4 "Portal"). A client names an album by `title` or
// `bgm_id` and is sent on: a 302 to `url`, or with `api=json|xml` the PortalDto in that format.
//
// Target rules. An album is a music entry; `title` matches its title exactly, `bgm_id` its
// wiki_bgm_id and wins when both are given; "has audio" = at least one of its sub-entries has an upload.
// 1. exactly one album matches and has audio, `listen=1` → {site}/listen?music=<id> (has_wiki true, has_mp3 true);
// 2. exactly one album matches and has audio, no `listen` → its `wiki_fm_url` (has_wiki true, has_mp3 true);
// 3. exactly one album matches without audio → its `wiki_url` (has_wiki true, has_mp3 false);
// 4. several albums match (same title) → {site}/search?q=<title> (has_wiki true, has_mp3 = whether any has audio);
// 5. nothing matches and a title was given → {site}/search?q=<title> (has_wiki false, has_mp3 false);
// 6. nothing matches and only `bgm_id` was given → {site}/search?q= (has_wiki false, has_mp3 false).
//
// Further decisions:
// - with `bgm_id`, only the id decides the match: a title never overrides an id that names another or
//   no album (the title then only feeds the search of rule 5);
// - rule 4 reached by `bgm_id` alone (albums sharing an id) searches for the lowest-id album's title;
// - `listen` is 0 or 1 and `api` json or xml (case-insensitive); other values are a 400, empty ones absent;
// - neither `title` nor `bgm_id` → 400; `bgm_id` not a whole number ≥ 1 → 400;
// - errors answer in the `api` format when `api` is json or xml, else as the path asks (JSON).
import type { FastifyInstance } from 'fastify';
import type { PortalMatch } from '../../catalogue/queries/portal';
import type { ApiFormat } from '../../contract/envelope';
import type { PortalDto } from '../../contract/objects';
import { listenPath, searchPagePath } from '../../contract/paths';
import { ApiError, badParameter } from '../api-error';
import { apiRoute } from '../api-route';
import type { Params } from '../params';

export interface PortalQuery {
  title?: string;
  bgmId?: number;
  listen: boolean;
}

/** Where the rules above lead for these matches (lowest id first). */
export function portalTarget(matches: PortalMatch[], q: PortalQuery, site: string): PortalDto {
  if (matches.length === 1) {
    const { wiki, hasAudio } = matches[0];
    if (!hasAudio) return { has_wiki: true, has_mp3: false, url: wiki.wiki_url };
    return { has_wiki: true, has_mp3: true, url: q.listen ? `${site}${listenPath(wiki.wiki_id)}` : wiki.wiki_fm_url };
  }
  if (matches.length > 1) {
    const words = q.title ?? matches[0].wiki.wiki_title;
    return { has_wiki: true, has_mp3: matches.some((m) => m.hasAudio), url: `${site}${searchPagePath(words)}` };
  }
  return { has_wiki: false, has_mp3: false, url: `${site}${searchPagePath(q.title ?? '')}` };
}

function readApiFormat(p: Params): ApiFormat | undefined {
  const value = p.text('api')?.toLowerCase();
  if (value !== undefined && value !== 'json' && value !== 'xml') throw badParameter('api', 'must be json or xml (leave it out to be redirected)');
  return value;
}

function readPortalQuery(p: Params): PortalQuery {
  const title = p.text('title');
  const bgmId = p.positiveInt('bgm_id');
  if (title === undefined && bgmId === undefined) throw new ApiError('MISSING_PARAMETER', 'Parameter "title" or "bgm_id" is required.');
  const listen = p.text('listen');
  if (listen !== undefined && listen !== '0' && listen !== '1') throw badParameter('listen', 'must be 1 (to listen) or 0');
  return { title, bgmId, listen: listen === '1' };
}

export async function portalRoutes(app: FastifyInstance): Promise<void> {
  const { portal } = app.deps.catalogue.queries;
  const options = {
    auth: 'none',
    summary: 'Send a client to an album by exact title or Bangumi id: a redirect, or with api=json|xml where it would go',
    paged: false,
    responds: {
      has_wiki: { list: false, object: 'boolean' },
      has_mp3: { list: false, object: 'boolean' },
      url: { list: false, object: 'string' },
    },
    params: {
      title: { description: 'The album title, matched exactly (music entries only)', example: 'Sakura Letters' },
      bgm_id: { description: "The album's Bangumi subject id; wins over title when both are given", example: '327465' },
      listen: { description: '1 = lead to the player when the album has audio', example: '1' },
      api: { description: 'json or xml: answer { has_wiki, has_mp3, url } in that format instead of a 302 redirect', example: 'json' },
    },
    formatParam: 'api',
  } as const;
  apiRoute(app, '/search/direct', options, (ctx) => {
    const format = readApiFormat(ctx.params);
    const query = readPortalQuery(ctx.params);
    const matches = query.bgmId !== undefined ? portal.albumsByBgmId(query.bgmId, ctx.site) : portal.albumsByTitle(query.title!, ctx.site);
    const target = portalTarget(matches, query, ctx.site);
    if (format === undefined) return ctx.reply.redirect(target.url, 302);
    return { payload: { ...target } };
  });
}
