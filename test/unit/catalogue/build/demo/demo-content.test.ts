// The demo section: content rules every portal case depends on, real MP3s whose upload facts match
// the bytes, and byte-for-byte determinism. Generates the demo twice: once from the run's kept audio
// (synthesised by the global setup, in another process), once synthesising every track here (the bulk
// of the run time), and the two must be the same to the byte.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBuffer, parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE, generateDemo, trackSeconds } from '../../../../../src-main/catalogue/build/demo/demo-content';
import { synthesiseMp3 } from '../../../../../src-main/catalogue/build/demo/mp3-synth';
import type { SourceEntry } from '../../../../../src-main/catalogue/write/source-entry';
import { runSynthesiser } from '../../../../fixtures/demo-audio';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'moecat-demo-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Offset of the first MPEG frame: 10-byte ID3v2 header plus its syncsafe size. */
function id3End(bytes: Uint8Array): number {
  expect(String.fromCharCode(bytes[0], bytes[1], bytes[2])).toBe('ID3');
  expect(bytes[3]).toBe(3); // v2.3
  return 10 + ((bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9]);
}

/** 11 set sync bits (0xFFE), then MPEG-1 (11) Layer III (01). */
function expectMpeg1Layer3FrameAt(bytes: Uint8Array, at: number): void {
  expect(bytes[at]).toBe(0xff);
  expect(bytes[at + 1] & 0xe0).toBe(0xe0);
  expect(bytes[at + 1] & 0x1e).toBe(0x1a);
}

/** Map.groupBy is Node 21+; the project supports Node 20. */
function groupBy<T>(xs: T[], key: (x: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const x of xs) groups.set(key(x), [...(groups.get(key(x)) ?? []), x]);
  return [...groups.values()];
}

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length).replaceAll('\\', '/'))
    .sort();

describe('synthesiseMp3()', () => {
  const opts = { seed: 'unit', seconds: 3, title: '祈り～You Raise Me Up', artist: 'Test', album: '東方テスト', track: '2/5' };

  it('writes an ID3v2.3 tag then CBR MPEG-1 Layer III frames of the asked length', async () => {
    const bytes = synthesiseMp3(opts);
    expectMpeg1Layer3FrameAt(bytes, id3End(bytes));
    const { format, common } = await parseBuffer(bytes, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format.codec).toBe('MPEG 1 Layer 3');
    expect(format.bitrate).toBe(128_000);
    expect(format.numberOfChannels).toBe(1);
    expect(format.sampleRate).toBe(44100);
    expect(Math.abs(format.duration! - 3)).toBeLessThan(0.1);
    expect(common).toMatchObject({ title: opts.title, artist: 'Test', album: '東方テスト', track: { no: 2, of: 5 } });
  });

  it('is a pure function of its seed', () => {
    const a = synthesiseMp3(opts);
    expect(Buffer.from(synthesiseMp3(opts)).equals(Buffer.from(a))).toBe(true);
    const b = synthesiseMp3({ ...opts, seed: 'other' });
    expect(b.length).toBe(a.length); // CBR, same tag: only the audio differs
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(false);
  });
});

describe('generateDemo()', () => {
  let dir: string;
  let entries: SourceEntry[];
  const progress: [number, number][] = [];
  const music = (): SourceEntry[] => entries.filter((e) => e.type === 'music');
  const uploads = () => entries.flatMap((e) => e.subs.flatMap((s) => (s.upload ? [{ entry: e, sub: s, upload: s.upload }] : [])));

  beforeAll(async () => {
    dir = tempDir();
    entries = await generateDemo({ audioDir: dir, onProgress: (done, total) => progress.push([done, total]), synthesise: runSynthesiser() });
  });

  it('has at least six music albums of five or more songs, all with audio', () => {
    const full = music().filter((e) => e.subs.length >= 5 && e.subs.every((s) => s.upload));
    expect(full.length).toBeGreaterThanOrEqual(6);
    for (const e of full) {
      expect(e.subs.map((s) => s.type)).toEqual(e.subs.map(() => 'song'));
      expect(e.subs.map((s) => s.order)).toEqual(e.subs.map((_, i) => String(i + 1)));
    }
  });

  it('has a music album whose songs have no audio', () => {
    const silent = music().filter((e) => e.subs.length > 0 && e.subs.every((s) => !s.upload));
    expect(silent).toHaveLength(1);
    expect(silent[0].bgmId).toBeTypeOf('number');
  });

  it('has two music albums sharing one title, with different songs and one bgm id between them', () => {
    const pairs = groupBy(music(), (e) => e.title).filter((g) => g.length > 1);
    expect(pairs).toHaveLength(1);
    const [a, b] = pairs[0];
    expect(a.wikiId).not.toBe(b.wikiId);
    expect(a.subs.map((s) => s.title)).not.toEqual(b.subs.map((s) => s.title));
    expect([a, b].filter((e) => e.bgmId !== undefined)).toHaveLength(1);
  });

  it('has a radio with four or more episodes with audio', () => {
    const radio = entries.filter((e) => e.type === 'radio');
    expect(radio).toHaveLength(1);
    expect(radio[0].subs.length).toBeGreaterThanOrEqual(4);
    for (const s of radio[0].subs) expect(s).toMatchObject({ type: 'ep', upload: expect.any(Object) });
  });

  it('tags every entry, shares tags across albums, and carries artist/label/catalog meta', () => {
    for (const e of entries) {
      expect(e.tags.length).toBeGreaterThan(0);
      expect(e.meta.map((m) => m.key)).toEqual(expect.arrayContaining(['label', 'catalog']));
    }
    const shared = groupBy(entries.flatMap((e) => e.tags), (t) => t).filter((g) => g.length >= 3);
    expect(shared.length).toBeGreaterThanOrEqual(2);
    expect(music().every((e) => e.meta.some((m) => m.key === 'artist'))).toBe(true);
  });

  it('mixes Han, kana and Latin titles and has a Touhou alias', () => {
    const titles = entries.flatMap((e) => [e.title, ...e.subs.map((s) => s.title)]);
    expect(titles.some((t) => /^[\p{Script=Han}：]+$/u.test(t))).toBe(true); // Chinese only
    expect(titles.some((t) => /\p{Script=Hiragana}|\p{Script=Katakana}/u.test(t))).toBe(true);
    expect(titles.some((t) => /^[\x20-\x7e]+$/.test(t))).toBe(true);
    expect(titles.some((t) => /\p{Script=Han}.*～[A-Za-z ]+$/u.test(t))).toBe(true); // 祈り～… style
    const touhou = entries.find((e) => e.title.startsWith('東方'))!;
    expect(touhou.aliases).toContainEqual({ lang: 'en', title: expect.stringMatching(/^Touhou /) });
  });

  it('uses explicit, unique, pinned ids and day dates at Tokyo midnight', () => {
    const wikiIds = entries.map((e) => e.wikiId);
    const subIds = entries.flatMap((e) => e.subs.map((s) => s.subId));
    const keys = entries.flatMap((e) => [e.sourceKey, ...e.subs.map((s) => s.sourceKey)]);
    expect(new Set(wikiIds).size).toBe(wikiIds.length);
    expect(new Set(subIds).size).toBe(subIds.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(entries.map((e) => e.wikiId)).toEqual(DEMO_SPEC.map((a) => DEMO_WIKI_ID_BASE + a.n));
    // Pinned: favourites refer to these ids, so renumbering must fail a test.
    const sakura = entries.find((e) => e.sourceKey === 'demo:album:sakura-letters')!;
    expect(sakura.wikiId).toBe(51000004);
    expect(sakura.subs[2]).toMatchObject({ subId: 51000403, sourceKey: 'demo:album:sakura-letters:3', order: '3' });
    for (const e of entries) expect((e.date + 9 * 3600) % 86400).toBe(0);
  });

  it('keeps bgm ids clear of every Bangumi subject in bangumi-data', () => {
    const require = createRequire(import.meta.url);
    const data = JSON.parse(readFileSync(require.resolve('bangumi-data'), 'utf8')) as { items: { sites: { site: string; id: string }[] }[] };
    const real = new Set(data.items.flatMap((i) => i.sites.filter((s) => s.site === 'bangumi').map((s) => Number(s.id))));
    const ours = entries.flatMap((e) => (e.bgmId === undefined ? [] : [e.bgmId]));
    expect(ours.length).toBeGreaterThanOrEqual(3);
    expect(ours.filter((id) => real.has(id))).toEqual([]);
  });

  it('writes real tagged MP3s whose upload facts match the bytes on disk', async () => {
    const ups = uploads();
    expect(listFiles(dir)).toEqual(ups.map((u) => u.upload.uri).sort());
    for (const { entry, sub, upload } of ups) {
      const file = join(dir, upload.uri);
      const bytes = readFileSync(file);
      expectMpeg1Layer3FrameAt(bytes, id3End(bytes));
      expect(upload.md5).toBe(createHash('md5').update(bytes).digest('hex'));
      expect(upload.filesize).toBe(bytes.length);
      const spec = DEMO_SPEC.find((a) => DEMO_WIKI_ID_BASE + a.n === entry.wikiId)!;
      const seconds = trackSeconds(spec, Number(sub.order));
      const { format, common } = await parseFile(file, { duration: true });
      expect(format.codec).toBe('MPEG 1 Layer 3');
      expect(format.bitrate).toBe(128_000);
      expect(Math.abs(format.duration! - seconds)).toBeLessThan(0.1);
      expect(upload).toMatchObject({ bitrate: 128, length: seconds, date: sub.date });
      expect(common).toMatchObject({ title: sub.title, album: entry.title, track: { no: Number(sub.order) } });
    }
  });

  it('reports progress once per written file', () => {
    const total = uploads().length;
    expect(progress).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
  });

  it('is deterministic: synthesised afresh, the same records and the same bytes as the run’s kept audio (made in another process)', async () => {
    const again = tempDir();
    expect(await generateDemo({ audioDir: again, synthesise: synthesiseMp3 })).toEqual(entries);
    const files = listFiles(dir);
    expect(listFiles(again)).toEqual(files);
    for (const f of files) expect(readFileSync(join(again, f)).equals(readFileSync(join(dir, f))), f).toBe(true);
  });
});
