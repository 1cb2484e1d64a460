// GET /search/direct: the portal (INTERFACE.md "Redirect portal", DESIGN.md §4 "Portal"). A client
// names an album by `title` or `bgm_id` and is sent on: a 302 to `url`, or with `api=json|xml` the
// answer { has_wiki, has_mp3, url } in that format.
//
// The interface's target table, row by row (an album is a music entry; "playable tracks" = at least
// one of its sub-entries has an upload):
//   no locating parameter (title, bgm_id)      → {site}/                  has_wiki false, has_mp3 false
//   0 albums found                              → {site}/search?q=<title>  has_wiki false, has_mp3 false
//   exactly 1, listen=0                         → its wiki_url             has_wiki true,  has_mp3 true
//   exactly 1, listen=1                         → {site}/listen?music=<id> has_wiki true,  has_mp3 true
//   exactly 1, no playable tracks               → its wiki_url             has_wiki true,  has_mp3 false
//   2 or more                                   → {site}/search?q=<title>  has_wiki false, has_mp3 false
//
// What the interface leaves open (DESIGN.md §4 decides):
// - `title` matches byte for byte after URL decoding: no trimming, no case folding; an empty `title`
//   is not a locating parameter;
// - `bgm_id` matches the album's Bangumi id and wins when both are given: a title never overrides an
//   id that names another or no album (the title then only feeds the search);
// - nothing found with only `bgm_id` → {site}/search?q= (an empty search); 2+ albums found by `bgm_id`
//   alone → a search for the lowest-id album's title;
// - `listen` is 0 or 1 and `api` json or xml (case-insensitive); other values are a 400, empty ones
//   absent; `bgm_id` not a whole number ≥ 1 → 400;
// - the answer is the envelope: has_wiki, has_mp3 and url first, then Moecat's `information`;
// - errors answer in the `api` format when `api` is json or xml, else as the path asks (JSON).
import type { FastifyInstance } from 'fastify';
import type { PortalMatch } from '../../catalogue/read/portal';
import type { ApiFormat } from '../../contract/envelope';
import type { PortalDto } from '../../contract/objects';
import { listenPath, searchPagePath } from '../../contract/paths';
import { badParameter } from '../api-error';
import { apiRoute } from '../api-route';
import type { Params } from '../params';

export interface PortalQuery {
  title?: string;
  bgmId?: number;
  listen: boolean;
}

/** Where the interface's table leads for these matches (lowest id first). */
export function portalTarget(matches: PortalMatch[], q: PortalQuery, site: string): PortalDto {
  if (q.title === undefined && q.bgmId === undefined) return { has_wiki: false, has_mp3: false, url: `${site}/` };
  if (matches.length === 1) {
    const { wiki, hasAudio } = matches[0];
    if (!hasAudio) return { has_wiki: true, has_mp3: false, url: wiki.wiki_url };
    return { has_wiki: true, has_mp3: true, url: q.listen ? `${site}${listenPath(wiki.wiki_id)}` : wiki.wiki_url };
  }
  const words = q.title ?? matches[0]?.wiki.wiki_title ?? '';
  return { has_wiki: false, has_mp3: false, url: `${site}${searchPagePath(words)}` };
}

function readApiFormat(p: Params): ApiFormat | undefined {
  const value = p.text('api')?.toLowerCase();
  if (value !== undefined && value !== 'json' && value !== 'xml') throw badParameter('api', 'must be json or xml (leave it out to be redirected)');
  return value;
}

function readPortalQuery(p: Params): PortalQuery {
  const listen = p.text('listen');
  if (listen !== undefined && listen !== '0' && listen !== '1') throw badParameter('listen', 'must be 1 (to listen) or 0');
  return { title: p.exact('title'), bgmId: p.positiveInt('bgm_id'), listen: listen === '1' };
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
      title: { description: 'The album title, matched exactly: byte for byte, no trimming or case folding (music entries only)', example: 'Sakura Letters' },
      bgm_id: { description: "The album's Bangumi subject id; wins over title when both are given", example: '327465' },
      listen: { description: '1 = lead to the player when the album has audio', example: '1' },
      api: { description: 'json or xml: answer { has_wiki, has_mp3, url } in that format instead of a 302 redirect', example: 'json' },
    },
    formatParam: 'api',
  } as const;
  apiRoute(app, '/search/direct', options, (ctx) => {
    const format = readApiFormat(ctx.params);
    const query = readPortalQuery(ctx.params);
    const matches =
      query.bgmId !== undefined ? portal.albumsByBgmId(query.bgmId, ctx.site) : query.title !== undefined ? portal.albumsByTitle(query.title, ctx.site) : [];
    const target = portalTarget(matches, query, ctx.site);
    if (format === undefined) return ctx.reply.redirect(target.url, 302);
    return { payload: { ...target }, informationLast: true };
  });
}
