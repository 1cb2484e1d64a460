// Media: a song's file (stream and download) and an album's cover are answered by the routes that serve
// them everywhere else — /files/… (byte ranges, validators, never outside its folder; a synced song's
// remote copy through /files/remote/…) and /covers/<id>/<size> — by routing the request there again, so
// the face has no file serving of its own. The face does not transcode: `maxBitRate` and `format` are
// accepted and the file is sent as it is (the spec's `format=raw`); players decode the formats themselves.
// Lyrics are the ones Moecat keeps.
import type { FastifyReply } from 'fastify';
import { coverPath, filePath } from '../../contract/paths';
import { COVER_SIZES, type CoverSize } from '../../contract/covers';
import { artistOf, song } from './browsing';
import { int, one, required, type Endpoint, type SubsonicContext } from './context';
import { albumIdOf, artistNameOf, songIdOf } from './objects';
import { notFound } from './response';

/** Answers the request as if it had asked for `path` (a GET, without its body or query). */
function routeTo(ctx: SubsonicContext, path: string): FastifyReply {
  const { request, reply, app } = ctx;
  const raw = request.raw;
  raw.url = path;
  if (raw.method !== 'HEAD') raw.method = 'GET';
  for (const header of ['content-length', 'content-type', 'transfer-encoding']) delete raw.headers[header];
  reply.hijack();
  app.routing(raw, reply.raw);
  return reply;
}

function file(ctx: SubsonicContext): FastifyReply {
  const sub = song(ctx, required(ctx, 'id'));
  const upload = sub.sub_upload?.[0];
  if (!upload) throw notFound('Audio of this song');
  const local = upload.up_url.startsWith(`${ctx.site}/files/`);
  return routeTo(ctx, local ? filePath(upload.up_uri) : `/files/remote/${upload.up_id}`);
}

/** The cover size that holds `px` (the largest, when more is asked). */
function coverSize(px: number | undefined): CoverSize {
  if (px === undefined) return 'large';
  const fits = (Object.entries(COVER_SIZES) as [CoverSize, number][]).find(([, side]) => px <= side);
  return fits ? fits[0] : 'large';
}

/** The entry whose cover an id shows: an album's own, a song's album's, an artist's first album's. */
function coverOwner(ctx: SubsonicContext, id: string): number {
  const album = albumIdOf(id);
  if (album !== undefined && ctx.app.deps.catalogue.queries.subsonic.album(album, ctx.site)) return album;
  if (artistNameOf(id) !== undefined) {
    const first = artistOf(ctx, id).albums[0];
    if (first) return first.wiki_id;
  }
  if (songIdOf(id) !== undefined) return song(ctx, id).wiki.wiki_id;
  throw notFound('Cover art');
}

export const MEDIA_ENDPOINTS: Record<string, Endpoint> = {
  stream: { auth: 'key', handle: file },
  download: { auth: 'key', handle: file },
  getCoverArt: {
    auth: 'key',
    handle(ctx) {
      const owner = coverOwner(ctx, required(ctx, 'id'));
      return routeTo(ctx, coverPath(owner, coverSize(int(ctx, 'size', undefined, 1, 100_000))));
    },
  },
  getLyricsBySongId: {
    auth: 'key',
    handle(ctx) {
      const sub = song(ctx, required(ctx, 'id'));
      const lyrics = ctx.app.deps.catalogue.queries.entryDetail.lyricsOf(sub.sub_id);
      if (!lyrics) return { lyricsList: { structuredLyrics: [] } };
      const line = lyrics.lines.map((l) => (lyrics.synced ? { start: l.time_ms, value: l.text } : { value: l.text }));
      return { lyricsList: { structuredLyrics: [{ lang: 'xxx', synced: lyrics.synced, displayTitle: sub.sub_title, line }] } };
    },
  },
  getLyrics: {
    auth: 'key',
    handle(ctx) {
      const title = one(ctx, 'title') ?? '';
      const artist = one(ctx, 'artist') ?? '';
      if (title === '') return { lyrics: {} };
      const found = ctx.app.deps.catalogue.queries.search.subs({ keyword: title, types: ['song'] }, 20, 0, ctx.site).subs;
      for (const sub of found) {
        const lyrics = sub.sub_title === title ? ctx.app.deps.catalogue.queries.entryDetail.lyricsOf(sub.sub_id) : undefined;
        if (lyrics) return { lyrics: { ...(artist ? { artist } : {}), title, value: lyrics.lines.map((l) => l.text).join('\n') } };
      }
      return { lyrics: {} };
    },
  },
};
