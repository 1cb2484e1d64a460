// Media: a song's file (stream and download) and an album's cover are answered by the routes that serve
// them everywhere else — /files/… (byte ranges, validators, never outside its folder; a synced song's
// remote copy through /files/remote/…) and /covers/<id>/<size> — by routing the request there again, so
// the face has no file serving of its own. `stream` transcodes an imported folder's song when the player
// asks for it and ffmpeg is there: `format` mp3, opus (or ogg) or flac other than the file's own, or a
// `maxBitRate` below the file's (then MP3 at that rate, the format every player decodes), from `timeOffset`
// on, through /files/transcoded/… (transcoded-audio.ts). Otherwise — `format=raw`, no ffmpeg, a bundled
// or synced song — the file is sent as it is. `download` always sends the file. Lyrics are the ones
// Moecat keeps. docs/opensubsonic.md.
import type { FastifyReply } from 'fastify';
import { coverPath, filePath } from '../../contract/paths';
import { COVER_SIZES, type CoverSize } from '../../contract/covers';
import { artistOf, song } from './browsing';
import { int, one, required, type Endpoint, type SubsonicContext } from './context';
import { albumIdOf, artistNameOf, songIdOf } from './objects';
import { notFound } from './response';
import { ffmpegPath, type TranscodeCodec } from '../transcoder';
import { grantMedia } from '../plugins/media-access';

/** Answers the request as if it had asked for `path` (a GET, without its body or query). */
function routeTo(ctx: SubsonicContext, path: string): FastifyReply {
  const { request, reply, app } = ctx;
  const raw = request.raw;
  raw.url = path;
  if (raw.method !== 'HEAD') raw.method = 'GET';
  for (const header of ['content-length', 'content-type', 'transfer-encoding']) delete raw.headers[header];
  reply.hijack();
  grantMedia(raw); // the face checked the player's credential: from another computer too
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

const FORMATS: Record<string, TranscodeCodec> = { mp3: 'mp3', opus: 'opus', ogg: 'opus', flac: 'flac' };

/** The song's file, or its transcode when the player asks for another format or a lower bitrate (see the header). */
function stream(ctx: SubsonicContext): FastifyReply {
  const sub = song(ctx, required(ctx, 'id'));
  const upload = sub.sub_upload?.[0];
  if (!upload) throw notFound('Audio of this song');
  const format = (one(ctx, 'format') ?? '').toLowerCase();
  const maxBitRate = int(ctx, 'maxBitRate', 0, 0, 100_000);
  const timeOffset = int(ctx, 'timeOffset', 0, 0, 10_000_000);
  const asked = FORMATS[format];
  const lower = maxBitRate > 0 && maxBitRate < upload.up_data.bitrate;
  const codec = format === 'raw' ? undefined : asked && asked !== upload.up_type ? asked : lower ? (asked ?? 'mp3') : undefined;
  const imported = ctx.app.deps.catalogue.queries.library.folderAudio(upload.up_id) !== undefined;
  if (!codec || !imported || ffmpegPath() === null) return file(ctx);
  const kbps = codec === 'flac' ? undefined : Math.max(32, Math.min(320, lower ? maxBitRate : codec === 'mp3' ? 192 : 160));
  const query = new URLSearchParams({ format: codec, start: String(timeOffset), ...(kbps ? { kbps: String(kbps) } : {}) });
  return routeTo(ctx, `/files/transcoded/${upload.up_id}?${query.toString()}`);
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
  if (album !== undefined && ctx.app.deps.catalogue.queries.subsonic.album(album)) return album;
  if (artistNameOf(id) !== undefined) {
    const first = artistOf(ctx, id).albums[0];
    if (first) return first.wiki_id;
  }
  if (songIdOf(id) !== undefined) return song(ctx, id).wiki.wiki_id;
  throw notFound('Cover art');
}

export const MEDIA_ENDPOINTS: Record<string, Endpoint> = {
  stream: { auth: 'key', handle: stream },
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
    keep: true,
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
    keep: true,
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
