// The posters job against a Bangumi whose answers never end (a real HTTP server on loopback): a picture
// and a subject that stream forever, a picture sent as a web page, a picture declaring a gigabyte.
// Each is refused, the job goes on, and memory stays bounded: the answers are read only up to their
// limits, while streaming, never buffered whole first.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchPosters } from '../../src-main/catalogue/sync/posters';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';
import { endless, loopbackServer, MiB, peakGrowth } from '../fixtures/endless-answers';

const bgm = (item: { sites: { site: string; id?: string }[] }) => Number(item.sites.find((s) => s.site === 'bangumi')!.id);
const ENDLESS_PICTURE = bgm(FIXTURE_ANIME.mondayLateNight);
const ENDLESS_SUBJECT = bgm(FIXTURE_ANIME.mondayEvening);
const PAGE_AS_PICTURE = bgm(FIXTURE_ANIME.saturday);
const GIGABYTE_PICTURE = bgm(FIXTURE_ANIME.daily);

const sent = new Map<string, number>();
let fake: Awaited<ReturnType<typeof loopbackServer>>;
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  fake = await loopbackServer((req, res) => {
    const path = req.url ?? '';
    const note = (bytes: number) => sent.set(path, bytes);
    const subject = /^\/v0\/subjects\/(\d+)$/.exec(path);
    if (subject) {
      const id = Number(subject[1]);
      if (id === ENDLESS_SUBJECT) return endless(res, { 'content-type': 'application/json' }, note);
      if ([ENDLESS_PICTURE, PAGE_AS_PICTURE, GIGABYTE_PICTURE].includes(id)) {
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, images: { large: `${fake.url}/pic/${id}.jpg` } }));
      }
      return void res.writeHead(404).end();
    }
    if (path === `/pic/${ENDLESS_PICTURE}.jpg`) return endless(res, { 'content-type': 'image/jpeg' }, note);
    if (path === `/pic/${PAGE_AS_PICTURE}.jpg`) return endless(res, { 'content-type': 'text/html' }, note);
    if (path === `/pic/${GIGABYTE_PICTURE}.jpg`) return endless(res, { 'content-type': 'image/jpeg', 'content-length': 1024 * MiB }, note);
    res.writeHead(404).end();
  });
  ctx = await fixtureApp({ withDataDir: true });
  await (await fetch(`${fake.url}/warm-up`)).arrayBuffer(); // fetch's own first load is not the answers' memory
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
});

describe('fetchPosters() against answers that never end', () => {
  it('refuses each at its limit while reading, goes on, and keeps memory bounded', async () => {
    const problems: string[] = [];
    const {
      value: result,
      rss,
      arrayBuffers,
    } = await peakGrowth(() =>
      fetchPosters({
        catalogue: ctx.catalogue,
        posters: ctx.userDb.posters,
        dataDir: ctx.dataDir,
        apiBase: fake.url,
        signal: new AbortController().signal,
        progress: () => {},
        problem: (m) => problems.push(m),
        intervalMs: 0,
        timeoutMs: 60_000,
      }),
    );
    expect(result).toMatchObject({ saved: 0, failed: 4, stopped: false });
    // Memory: the limit (16 MiB) and change, not the answer (it would reach 160 MiB). The answers' bytes are
    // array buffers; the process's resident size also holds the fake server's socket buffers and garbage
    // not yet collected, so its bound is looser (and still below what buffering a whole answer takes).
    expect(arrayBuffers).toBeLessThan(64 * MiB);
    expect(rss).toBeLessThan(128 * MiB);
    // The server could write only what the reader took before it let go, and some buffers.
    await vi.waitFor(() => expect(sent.size).toBe(4), { timeout: 30_000 }); // each connection closed
    expect([...sent.values()].every((bytes) => bytes < 64 * MiB)).toBe(true);
    const said = (id: number) => problems.find((p) => p.includes(`(Bangumi ${id})`)) ?? '';
    expect(said(ENDLESS_PICTURE)).toMatch(/the picture is larger than 16 MiB/);
    expect(said(GIGABYTE_PICTURE)).toMatch(/the picture is larger than 16 MiB/);
    expect(said(PAGE_AS_PICTURE)).toMatch(/the picture came as text\/html/);
    expect(said(ENDLESS_SUBJECT)).toMatch(/Bangumi's answer is larger than 2 MiB/);
    for (const id of [ENDLESS_PICTURE, ENDLESS_SUBJECT, PAGE_AS_PICTURE, GIGABYTE_PICTURE]) expect(ctx.userDb.posters.coverOf(id)).toBeUndefined();
  });
});
