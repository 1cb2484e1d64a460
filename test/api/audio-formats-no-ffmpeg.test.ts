// Without ffmpeg on the PATH: every format still joins the catalogue (none is dropped), /app/status
// says files that need ffmpeg cannot play here, and their transcoded stream answers 503 saying why —
// never a 500; the files themselves are still served as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsTranscode, transcodePath } from '../../src-main/contract/audio-formats';
import { filePath } from '../../src-main/contract/paths';
import { FORMAT_FIXTURES } from '../fixtures/audio-formats';
import { formatApp, type FormatApp } from '../fixtures/format-app';

const PATH = process.env.PATH;
let ctx: FormatApp;
beforeAll(async () => {
  // The encoders make the files first; then the server runs with a PATH that has no ffmpeg.
  ctx = await formatApp({ beforeApp: () => (process.env.PATH = '/nonexistent') });
});
afterAll(async () => {
  process.env.PATH = PATH;
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ url, headers: { host: ctx.host } });

describe('every format without ffmpeg', () => {
  it('imports every file all the same', () => {
    expect(ctx.problems).toEqual([]);
    for (const f of FORMAT_FIXTURES) expect(ctx.songOf(f), f.file).toMatchObject({ up_type: f.type });
  });

  it('says in /app/status that nothing is transcoded', async () => {
    expect((await get('/app/status.json')).json().response.status.transcoding).toBe(false);
  });

  it.each(FORMAT_FIXTURES.filter((f) => needsTranscode(f.type)))('answers 503 "not playable here" for $file, and still serves the file', async (f) => {
    const song = ctx.songOf(f);
    const res = await get(transcodePath(song.up_id, 1));
    expect(res.statusCode).toBe(503);
    expect(res.json().response.information.msg[0]).toMatch(/no ffmpeg.*not playable here/);
    const file = await get(filePath(song.up_uri));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(f.mime);
  });
});
