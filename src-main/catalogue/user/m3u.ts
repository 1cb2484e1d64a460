// M3U playlists, the format other players read: writing an extended M3U8 (UTF-8) of a playlist, and
// reading the locations out of an .m3u8 or .m3u file. Matching those to songs is the server's
// (server/playlist-files.ts): this knows only the format.
//
// Decisions: `#EXTINF:<seconds>,<artist> - <title>` before each location (the artist left out when
// unknown). Names and locations come from tags, file names and remotes: every control character (C0,
// DEL, C1) and Unicode line or paragraph separator becomes a space, so none can end a line or start a
// directive, and a song whose location would then be empty or start with `#` is left out. Reading
// takes every line that is neither empty nor a `#` directive, trimmed, a UTF-8 BOM dropped.

export interface M3uItem {
  title: string;
  artist: string;
  /** Whole seconds; -1 when unknown. */
  seconds: number;
  /** A file path or a URL. */
  location: string;
}

const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (text: string) => text.replace(BREAKING, ' ').trim();

export function toM3u8(items: readonly M3uItem[]): string {
  const lines = ['#EXTM3U'];
  for (const item of items) {
    const location = oneLine(item.location);
    if (location === '' || location.startsWith('#')) continue;
    const name = item.artist ? `${oneLine(item.artist)} - ${oneLine(item.title)}` : oneLine(item.title);
    const seconds = Number.isFinite(item.seconds) ? Math.round(item.seconds) : -1;
    lines.push(`#EXTINF:${seconds},${name}`, location);
  }
  return `${lines.join('\n')}\n`;
}

/** The locations of an .m3u8 or .m3u, in order; at most `max` (the reading stops there). */
export function m3uLocations(text: string, max = Infinity): string[] {
  const found: string[] = [];
  const body = text.replace(/^\uFEFF/, '');
  const line = /[^\r\n]+/g;
  for (let m = line.exec(body); m !== null && found.length < max; m = line.exec(body)) {
    const location = m[0].trim();
    if (location !== '' && !location.startsWith('#')) found.push(location);
  }
  return found;
}
