// Every audio format a folder import reads, from real files made by real encoders (fixtures/audio-formats.ts):
// tags, length, bitrate, sample rate and bit depth as stored; up_type the real format; /files/folder/…
// with the format's MIME type and byte ranges; and the formats the browser cannot decode streamed
// through ffmpeg from any start, the process ending when the listener goes away, a bounded number at once.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { needsTranscode, transcodePath } from '../../src-main/contract/audio-formats';
import { filePath } from '../../src-main/contract/paths';
import { FORMAT_FIXTURES, SAMPLE_RATE, SECONDS, tagsOf, writeLongAiff } from '../fixtures/audio-formats';
import { formatApp, type FormatApp } from '../fixtures/format-app';

// One transcode at a time here, so the bound is seen with two requests.
process.env.MOECAT_TRANSCODE_LIMIT = '1';

let ctx: FormatApp;
beforeAll(async () => {
  ctx = await formatApp({ extra: (music) => writeLongAiff(join(music, 'long.aiff'), 900) });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { host: ctx.host, ...headers } });
const transcoded = FORMAT_FIXTURES.filter((f) => needsTranscode(f.type));
const direct = FORMAT_FIXTURES.filter((f) => !needsTranscode(f.type));

/** How long `audio` plays, decoded whole by ffmpeg (a stream's header does not say). */
const decodedSeconds = (audio: Buffer) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', '8000', 'pipe:1'], {
    input: audio,
    maxBuffer: 1 << 26,
  }).length / 16_000;

/** ffmpeg processes this test process started (through the server it runs). */
function ffmpegChildren(): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat)!;
      if (comm === 'ffmpeg' && Number(rest.split(' ')[1]) === process.pid) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

describe('folder import of every format', () => {
  it('imports every file, each as its own album, with no problem listed', () => {
    expect(ctx.problems).toEqual([]);
    for (const f of FORMAT_FIXTURES) expect(ctx.songOf(f), f.file).toBeDefined();
  });

  it.each(FORMAT_FIXTURES)('reads $file: tags, length, bitrate, sample rate, bit depth and the real format', (f) => {
    const song = ctx.songOf(f);
    const tags = tagsOf(f);
    expect(song).toMatchObject({ sub_title: tags.title, wiki_title: tags.album, up_type: f.type, up_length: SECONDS, up_lossless: f.lossless ? 1 : 0 });
    expect(JSON.parse(song.sub_meta)).toContainEqual({ key: 'artist', value: tags.artist });
    expect(song.up_bitrate).toBeGreaterThan(16);
    expect(song.up_filesize).toBe(readFileSync(join(ctx.music, f.file)).length);
    expect(song.up_sample_rate).toBe(f.type === 'opus' ? 48_000 : f.type === 'wma' ? 0 : SAMPLE_RATE);
    expect(song.up_bit_depth).toBe(f.lossless ? 16 : 0);
  });

  it.each(FORMAT_FIXTURES.filter((f) => f.picture))('keeps the picture embedded in $file as the album cover', (f) => {
    expect(ctx.songOf(f).cover_file).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(FORMAT_FIXTURES)('answers $file in the API with up_type $type and its /files/ address', async (f) => {
    const song = ctx.songOf(f);
    const res = await get(`/song/detail.json?sub_id=${song.sub_id}&api_key=${ctx.app.deps.userDb.defaultKey().key}`);
    const upload = res.json().response.sub.sub_upload[0];
    expect(upload).toMatchObject({ up_type: f.type, up_data: { length: SECONDS, filesize: song.up_filesize } });
    expect(new URL(upload.up_url).pathname).toBe(filePath(song.up_uri));
  });
});

describe('GET /files/folder/… for every format', () => {
  it.each(FORMAT_FIXTURES)('serves $file as $mime, whole and by byte ranges', async (f) => {
    const bytes = readFileSync(join(ctx.music, f.file));
    const url = filePath(ctx.songOf(f).up_uri);
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe(f.mime);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await get(url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe(f.mime);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
  });
});

describe('GET /files/transcoded/:upId', () => {
  it('says in /app/status that ffmpeg is there', async () => {
    expect((await get('/app/status.json')).json().response.status.transcoding).toBe(true);
  });

  it.each(transcoded)('streams $file ($type) as FLAC when lossless, else Opus, the whole song', async (f) => {
    const res = await get(transcodePath(ctx.songOf(f).up_id));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe(f.lossless ? 'audio/flac' : 'audio/ogg');
    expect(res.headers['accept-ranges']).toBe('none');
    const meta = await parseBuffer(res.rawPayload, { mimeType: res.headers['content-type'] as string });
    expect(meta.format.codec).toBe(f.lossless ? 'FLAC' : 'Opus');
    expect(decodedSeconds(res.rawPayload)).toBeCloseTo(SECONDS, 0);
  });

  it.each(transcoded)('starts $file where ?start= says (a seek)', async (f) => {
    const res = await get(transcodePath(ctx.songOf(f).up_id, 2));
    expect(res.statusCode).toBe(200);
    expect(decodedSeconds(res.rawPayload)).toBeCloseTo(SECONDS - 2, 0);
  });

  it.each(direct)('does not transcode $file, which the browser plays itself (404), unless a format is asked', async (f) => {
    expect((await get(transcodePath(ctx.songOf(f).up_id))).statusCode).toBe(404);
    const res = await get(`${transcodePath(ctx.songOf(f).up_id)}?format=mp3&kbps=96`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect((await parseBuffer(res.rawPayload, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(96_000);
  });

  it.each([
    ['a start that is not a number', '?start=abc', 400],
    ['a negative start', '?start=-1', 400],
    ['two starts', '?start=1&start=2', 400],
    ['a format it does not write', '?format=wav', 400],
    ['a bitrate out of range', '?format=mp3&kbps=8', 400],
    ['a bitrate that is not a number', '?format=mp3&kbps=fast', 400],
  ])('answers %s with %i in the envelope', async (_what, query, status) => {
    const res = await get(`${transcodePath(ctx.songOf(transcoded[0]).up_id)}${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().response.information.has_error).toBe(true);
  });

  it('answers 404 for an upload that is no imported file, or no upload at all', async () => {
    expect((await get('/files/transcoded/1')).statusCode).toBe(404);
    expect((await get('/files/transcoded/999999999999')).statusCode).toBe(404);
    expect((await get('/files/transcoded/abc')).statusCode).toBe(404);
  });

  it('ends ffmpeg when the listener goes away, and runs one at a time (503 for another meanwhile)', async () => {
    const long = ctx.songOf({ ...transcoded[0], file: 'long.aiff' });
    expect(long.up_type).toBe('aiff');
    const port = ctx.host.split(':')[1];
    // A listener that takes the first bytes and then stops reading: ffmpeg stays, blocked on its pipe.
    const req = http.get({ host: '127.0.0.1', port, path: transcodePath(long.up_id), headers: { host: ctx.host } });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
    expect(ffmpegChildren()).toBe(1);
    const busy = await get(transcodePath(ctx.songOf(transcoded[0]).up_id));
    expect(busy.statusCode).toBe(503);
    expect(busy.json().response.information.msg[0]).toMatch(/Too many/);
    req.destroy();
    await vi.waitFor(() => expect(ffmpegChildren()).toBe(0), { timeout: 20_000 });
    await vi.waitFor(async () => expect((await get(transcodePath(ctx.songOf(transcoded[0]).up_id))).statusCode).toBe(200), { timeout: 20_000 });
  });
});
