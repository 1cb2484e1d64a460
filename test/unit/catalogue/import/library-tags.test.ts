// Folder import of the tags a real library has, on files made by ffmpeg (fixtures/audio-formats.ts):
// multi-disc albums ordered by disc then track, compilations one album whatever their artists, album
// artist beside track artists, a folder's cover.jpg / front.png when nothing is embedded (a changed one
// read again), genres as tags (split at ';'), lyrics in Vorbis comments and MP4 atoms, ReplayGain and sort
// names from Vorbis comments and ID3 frames, and files without tags or with a tag that cannot be read
// named from their path.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { importFolder } from '../../../../src-main/catalogue/import/folder-import';
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type CatalogueWriter } from '../../../../src-main/catalogue/write/catalogue-writer';
import { encodeTone, FORMAT_FIXTURES, writePicture } from '../../../fixtures/audio-formats';
import { fixtureCatalogueDir } from '../../../fixtures/app';

const fixture = (type: string) => FORMAT_FIXTURES.find((f) => f.type === type)!;
const FLAC = { ...fixture('flac'), picture: false };
const M4A = { ...fixture('m4a'), picture: false };

let work: string;
let music: string;
let writer: CatalogueWriter;
let reader: Catalogue;
const run = () => importFolder({ writer, folder: music, dataDir: join(work, 'data') });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-tags-'));
  music = join(work, 'music');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  writer = openCatalogueWriter(file);
  reader = openCatalogue(file);
  const double = { album: 'Double Moon', album_artist: 'Luna', artist: 'Luna' };
  // Written out of order: the import orders them.
  encodeTone(join(music, 'Double/d2t2.flac'), FLAC, { ...double, title: 'Two Two', disc: '2/2', track: '2' });
  encodeTone(join(music, 'Double/d1t2.flac'), FLAC, { ...double, title: 'One Two', disc: '1/2', track: '2' });
  encodeTone(join(music, 'Double/d2t1.flac'), FLAC, { ...double, title: 'Two One', disc: '2/2', track: '1' });
  encodeTone(join(music, 'Double/d1t1.flac'), FLAC, { ...double, title: 'One One', disc: '1/2', track: '1', genre: 'Rock;Dream Pop' });
  // A compilation by its flag, no album artist, over two folders; another by "Various Artists".
  encodeTone(join(music, 'Mix/CD1/a.m4a'), M4A, { album: 'Summer Mix', compilation: '1', artist: 'Aoi', title: 'Wave', track: '1' });
  encodeTone(join(music, 'Mix/CD1/b.m4a'), M4A, { album: 'Summer Mix', compilation: '1', artist: 'Kaze', title: 'Breeze', track: '2' });
  // One track's ripper set its own album artist: the compilation flag keeps it in the album.
  encodeTone(join(music, 'Mix/CD2/c.m4a'), M4A, {
    album_artist: 'Hana',
    album: 'Summer Mix',
    compilation: '1',
    artist: 'Hana',
    title: 'Bloom',
    track: '3',
    lyrics: 'In the MP4 atom',
  });
  encodeTone(join(music, 'Hits/x.flac'), FLAC, {
    album: 'Hits',
    album_artist: 'Various Artists',
    artist: 'Sora',
    title: 'Sky',
    lyrics: 'In the Vorbis comment',
  });
  encodeTone(join(music, 'Hits/y.flac'), FLAC, { album: 'Hits', album_artist: 'various artists', artist: 'Umi', title: 'Sea' });
  // No picture embedded: the folder's pictures, cover.jpg winning over front.png.
  encodeTone(join(music, 'Covered/song.flac'), FLAC, { album: 'Covered', title: 'Pictured' });
  writePicture(join(music, 'Covered/front.png'), 'blue');
  writePicture(join(music, 'Covered/Cover.jpg'), 'green');
  // ReplayGain and sort names: Vorbis comments in FLAC, TXXX and TSOP/TSOT frames in MP3; one untagged.
  const gain = { album: 'Gain Stage', album_artist: 'Yoru', artist: 'Yoru' };
  encodeTone(join(music, 'Gain/1.flac'), FLAC, {
    ...gain,
    title: 'The Loud One',
    track: '1',
    REPLAYGAIN_TRACK_GAIN: '-7.25 dB',
    REPLAYGAIN_TRACK_PEAK: '0.988',
    REPLAYGAIN_ALBUM_GAIN: '-6.50 dB',
    REPLAYGAIN_ALBUM_PEAK: '1.020',
    TITLESORT: 'Loud One, The',
    ARTISTSORT: 'Yoru Band',
    ALBUMSORT: 'Gain Stage (sorted)',
  });
  encodeTone(join(music, 'Gain/2.mp3'), fixture('mp3'), {
    ...gain,
    title: 'Quiet',
    track: '2',
    REPLAYGAIN_TRACK_GAIN: '+3.10 dB',
    REPLAYGAIN_TRACK_PEAK: '0.5',
    'artist-sort': 'Yoru Band',
  });
  encodeTone(join(music, 'Gain/3.flac'), FLAC, { ...gain, title: 'Untouched', track: '3' });
  // No tags at all; and an ID3 tag of a version that does not exist, before good MP3 audio.
  encodeTone(join(music, 'Loose Ends/07 - untitled take.flac'), FLAC, {});
  const broken = encodeTone(join(music, 'Loose Ends/08 - broken tag.mp3'), fixture('mp3'), { title: 'Never Read', album: 'Never Read' });
  const bytes = readFileSync(broken);
  bytes[3] = 9; // ID3v2.9
  writeFileSync(broken, bytes);
  await run();
});
afterAll(() => {
  writer.close();
  reader.close();
  rmSync(work, { recursive: true, force: true });
});

interface Album {
  wiki_id: number;
  wiki_title: string;
  wiki_meta: string;
  wiki_tags: string;
  cover_file: string | null;
}
const albumsTitled = (title: string) =>
  sqlOf(reader).prepare('SELECT wiki_id, wiki_title, wiki_meta, wiki_tags, cover_file FROM wiki WHERE wiki_title = ?').all(title) as Album[];
const album = (title: string) => {
  const found = albumsTitled(title);
  expect(found, title).toHaveLength(1);
  return found[0];
};
const tracks = (wikiId: number) =>
  sqlOf(reader)
    .prepare(
      `SELECT s.sub_order, s.sub_title, s.sub_meta, l.lines FROM sub s LEFT JOIN sub_lyrics l ON l.sub_id = s.sub_id
      WHERE s.sub_parent_wiki = ? ORDER BY s.sub_id`,
    )
    .all(wikiId) as { sub_order: string; sub_title: string; sub_meta: string; lines: string | null }[];
const metaOf = (json: string) => Object.fromEntries((JSON.parse(json) as { key: string; value: string }[]).map((m) => [m.key, m.value]));

describe('importFolder() — a real library’s tags', () => {
  it('orders a multi-disc album by disc then track, numbering its songs disc-track', () => {
    const songs = tracks(album('Double Moon').wiki_id);
    expect(songs.map((s) => [s.sub_order, s.sub_title])).toEqual([
      ['1-01', 'One One'],
      ['1-02', 'One Two'],
      ['2-01', 'Two One'],
      ['2-02', 'Two Two'],
    ]);
  });

  it('keeps a compilation one album across folders, its songs by their own artists, the album by Various Artists', () => {
    for (const title of ['Summer Mix', 'Hits']) {
      const a = album(title);
      expect(metaOf(a.wiki_meta).album_artist, title).toBe('Various Artists');
    }
    const mix = tracks(album('Summer Mix').wiki_id);
    expect(mix.map((s) => metaOf(s.sub_meta).artist)).toEqual(['Aoi', 'Kaze', 'Hana']);
    expect(metaOf(album('Summer Mix').wiki_meta).artist).toBe('Aoi, Kaze, Hana');
  });

  it('takes genres as tags, split at ";"', () => {
    expect(JSON.parse(album('Double Moon').wiki_tags)).toEqual(['Rock', 'Dream Pop']);
  });

  it('reads lyrics from Vorbis comments and MP4 atoms', () => {
    const lyrics = (title: string, song: string) =>
      JSON.parse(tracks(album(title).wiki_id).find((s) => s.sub_title === song)!.lines ?? '[]') as { text: string }[];
    expect(lyrics('Hits', 'Sky').map((l) => l.text)).toEqual(['In the Vorbis comment']);
    expect(lyrics('Summer Mix', 'Bloom').map((l) => l.text)).toEqual(['In the MP4 atom']);
  });

  it('stores ReplayGain track and album gain and peak from Vorbis comments and ID3 frames, null where untagged', () => {
    const rows = sqlOf(reader)
      .prepare(
        `SELECT s.sub_title, u.up_track_gain, u.up_track_peak, u.up_album_gain, u.up_album_peak FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id
        WHERE s.sub_parent_wiki = ? ORDER BY s.sub_id`,
      )
      .all(album('Gain Stage').wiki_id);
    expect(rows).toEqual([
      { sub_title: 'The Loud One', up_track_gain: -7.25, up_track_peak: 0.988, up_album_gain: -6.5, up_album_peak: 1.02 },
      { sub_title: 'Quiet', up_track_gain: 3.1, up_track_peak: 0.5, up_album_gain: null, up_album_peak: null },
      { sub_title: 'Untouched', up_track_gain: null, up_track_peak: null, up_album_gain: null, up_album_peak: null },
    ]);
  });

  it('keeps sort names as the songs’ and the album’s meta', () => {
    const a = album('Gain Stage');
    expect(metaOf(a.wiki_meta).album_sort).toBe('Gain Stage (sorted)');
    const songs = tracks(a.wiki_id).map((s) => metaOf(s.sub_meta));
    expect(songs[0]).toMatchObject({ title_sort: 'Loud One, The', artist_sort: 'Yoru Band' });
    expect(songs[1]).toMatchObject({ artist_sort: 'Yoru Band' });
    expect(songs[2].artist_sort).toBeUndefined();
  });

  it('names songs without tags, or with tags that cannot be read, from their path, their album from its folder', () => {
    const songs = tracks(album('Loose Ends').wiki_id);
    expect(songs.map((s) => s.sub_title).sort()).toEqual(['07 - untitled take', '08 - broken tag']);
    expect(albumsTitled('Never Read')).toEqual([]);
  });

  it('uses the folder’s cover picture when nothing is embedded, cover.jpg before front.png, and reads a changed one again', async () => {
    const before = album('Covered').cover_file;
    expect(before).toMatch(/^[0-9a-f]{40}$/);
    rmSync(join(music, 'Covered/Cover.jpg'));
    const result = await run();
    expect(result.songs.changed).toBe(1);
    const after = album('Covered').cover_file;
    expect(after).toMatch(/^[0-9a-f]{40}$/);
    expect(after).not.toBe(before);
    expect(album('Double Moon').cover_file).toBeNull();
  });
});
