// Posters from a fake Bangumi on loopback (a real HTTP server): a poster saved in four sizes and served
// as the anime's cover; a 404, no picture, a garbage picture, a slow answer, an address elsewhere and a
// redirect elsewhere never break anything; a later run asks only what was never answered, and stops
// when Bangumi asks to slow down. Also the settings and job operations.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPosters, imageOrigins, BANGUMI_IMAGE_ORIGIN } from '../../src-main/catalogue/sync/posters';
import { callAsUser } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

const UI_TOKEN = 'b7'.repeat(16);
const bgm = (item: { sites: { site: string; id?: string }[] }) => Number(item.sites.find((s) => s.site === 'bangumi')!.id);
const WITH_POSTER = bgm(FIXTURE_ANIME.mondayLateNight); // 1001
const NOT_FOUND = bgm(FIXTURE_ANIME.mondayEvening); // 1002
const SLOW = bgm(FIXTURE_ANIME.saturday); // 1003
const GARBAGE = bgm(FIXTURE_ANIME.daily); // 1004
const ELSEWHERE = bgm(FIXTURE_ANIME.ended); // 1005
const NO_IMAGES = bgm(FIXTURE_ANIME.upcoming); // 1006
const REDIRECTED = bgm(FIXTURE_ANIME.movie); // 1007
const NOT_JSON = bgm(FIXTURE_ANIME.digitTitle); // 1008

let fake: Server;
let base: string;
let poster: Buffer;
let tooMany = false;
let slow = true;
const asked: number[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, base);
  const subject = /^\/v0\/subjects\/(\d+)$/.exec(url.pathname);
  if (subject) {
    const id = Number(subject[1]);
    asked.push(id);
    if (tooMany) return res.writeHead(429).end();
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (id === WITH_POSTER) return json({ id, images: { large: `${base}/pic/${id}.jpg`, common: `${base}/pic/small.jpg` } });
    if (id === SLOW && slow) return; // never answers
    if (id === GARBAGE) return json({ id, images: { large: `${base}/pic/garbage.jpg` } });
    if (id === ELSEWHERE) return json({ id, images: { large: 'http://127.0.0.2:9/poster.jpg' } });
    if (id === NO_IMAGES) return json({ id, images: {} });
    if (id === REDIRECTED) return json({ id, images: { large: `${base}/pic/moved.jpg` } });
    if (id === NOT_JSON) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    return res.writeHead(404).end();
  }
  if (url.pathname === `/pic/${WITH_POSTER}.jpg`) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
  if (url.pathname === '/pic/garbage.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a picture at all');
  if (url.pathname === '/pic/moved.jpg') return res.writeHead(302, { location: 'http://127.0.0.2:9/moved.jpg' }).end();
  res.writeHead(404).end();
}

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  poster = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#3355aa' } })
    .jpeg()
    .toBuffer();
  fake = createServer(answer);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  ctx = await fixtureApp({ uiToken: UI_TOKEN, withDataDir: true });
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
  await ctx.close();
});

const run = (problems: string[] = []) =>
  fetchPosters({
    catalogue: ctx.catalogue,
    posters: ctx.userDb.posters,
    dataDir: ctx.dataDir,
    apiBase: base,
    signal: new AbortController().signal,
    progress: () => {},
    problem: (m) => problems.push(m),
    intervalMs: 0,
    timeoutMs: 400,
  });
const cover = (wikiId: number, size = 'large') => ctx.app.inject({ url: `/covers/${wikiId}/${size}`, headers: { host: '127.0.0.1:7777' } });

describe('fetchPosters()', () => {
  it('saves what Bangumi has, records what it has not, and reports the rest without breaking', async () => {
    const problems: string[] = [];
    const result = await run(problems);
    expect(result).toEqual({ saved: 1, none: 3, failed: 4, stopped: false });
    const { posters } = ctx.userDb;
    expect(posters.coverOf(WITH_POSTER)).toMatch(/^[0-9a-f]{40}$/);
    for (const id of [NOT_FOUND, GARBAGE, NO_IMAGES]) expect(posters.coverOf(id)).toBeNull();
    for (const id of [SLOW, ELSEWHERE, REDIRECTED, NOT_JSON]) expect(posters.coverOf(id)).toBeUndefined();
    const said = problems.join('\n');
    expect(said).toContain('no answer in time');
    expect(said).toMatch(/127\.0\.0\.2:9 is not Bangumi's/);
    expect(said).toMatch(/redirected to http:\/\/127\.0\.0\.2:9/);
    expect(said).toContain('not JSON');
  });

  it('serves the poster as the cover of every entry with that Bangumi id, in four sizes', async () => {
    for (const size of ['small', 'medium', 'square', 'large']) {
      const res = await cover(WITH_POSTER, size);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
    const meta = await sharp((await cover(WITH_POSTER, 'large')).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 420]);
    const res = await cover(NOT_FOUND);
    expect(res.headers['moecat-cover']).toBe('generated');
  });

  it('asks again only what was never answered, and stops when Bangumi asks to slow down', async () => {
    asked.length = 0;
    await run();
    expect(asked.sort()).toEqual([SLOW, ELSEWHERE, REDIRECTED, NOT_JSON].sort());
    asked.length = 0;
    tooMany = true;
    const problems: string[] = [];
    const result = await run(problems);
    tooMany = false;
    expect(result.stopped).toBe(true);
    expect(asked).toHaveLength(1);
    expect(problems.join(' ')).toMatch(/429; run it again later/);
  });

  it('fetches pictures only from the API’s origin, and Bangumi’s image host with Bangumi’s API', () => {
    expect([...imageOrigins('https://api.bgm.tv')]).toEqual(['https://api.bgm.tv', BANGUMI_IMAGE_ORIGIN]);
    expect([...imageOrigins(base)]).toEqual([base]);
  });
});

describe('/app/posters', () => {
  const asUser = (path: string, sent: Parameters<typeof callAsUser>[4] = {}) => callAsUser(ctx.app, path, 'json', UI_TOKEN, sent);

  it('is off at first, with Bangumi’s API; a run needs it on', async () => {
    const res = await asUser('/app/posters');
    expect(res.response.posters).toMatchObject({ enabled: false, api_base: 'https://api.bgm.tv' });
    const start = await asUser('/app/posters/fetch', { method: 'POST', json: {} });
    expect(start.status).toBe(400);
    expect(start.response.information.msg.join(' ')).toMatch(/Posters are off/);
  });

  it.each(['ftp://example.org', 'not a url', 'https://user:pw@example.org', 'https://example.org/?x=1'])(
    'refuses the API address %s and changes nothing',
    async (api_base) => {
      const res = await asUser('/app/posters', { method: 'POST', json: { enabled: true, api_base } });
      expect(res.status).toBe(400);
      expect(ctx.userDb.settings.posters()).toEqual({ enabled: false, apiBase: 'https://api.bgm.tv' });
    },
  );

  it('runs as a job with its progress once turned on, over the API set', async () => {
    slow = false;
    const set = await asUser('/app/posters', { method: 'POST', json: { enabled: true, api_base: `${base}/` } });
    expect(set.response.posters).toMatchObject({ enabled: true, api_base: base, saved: 1 });
    const started = await asUser('/app/posters/fetch', { method: 'POST', json: {} });
    expect(started.status).toBe(200);
    await ctx.app.jobs.idle();
    const done = (await asUser('/app/posters')).response.job;
    expect(done).toMatchObject({ kind: 'posters', status: 'done', progress: { phase: 'posters' } });
    expect(done.progress.total).toBeGreaterThan(0);
  });
});
