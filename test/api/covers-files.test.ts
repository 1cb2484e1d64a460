// A saved cover is sent only from inside the data directory's covers/ folder: a cover file or folder
// that is a link out (to a file, to a folder, through a chain) is not followed, and the entry gets its
// generated cover instead; a link to another saved cover inside is fine.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERS_DIR } from '../../src-main/catalogue/write/cover-files';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

const bgm = (item: { sites: { site: string; id?: string }[] }) => Number(item.sites.find((s) => s.site === 'bangumi')!.id);
const ids = [FIXTURE_ANIME.mondayLateNight, FIXTURE_ANIME.mondayEvening, FIXTURE_ANIME.saturday, FIXTURE_ANIME.daily, FIXTURE_ANIME.ended].map(bgm);
const SECRET = 'SECRET bytes of a file outside the covers folder';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let picture: Buffer;
beforeAll(async () => {
  ctx = await fixtureApp({ withDataDir: true });
  picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#208040' } })
    .jpeg()
    .toBuffer();
  const covers = join(ctx.dataDir, COVERS_DIR);
  const outside = join(ctx.dataDir, '..', 'outside');
  mkdirSync(join(outside, 'folder'), { recursive: true });
  writeFileSync(join(outside, 'secret.jpg'), SECRET);
  for (const size of ['small', 'medium', 'square', 'large']) writeFileSync(join(outside, 'folder', `${size}.jpg`), SECRET);
  const folder = (c: string) => join(covers, c.repeat(40));
  mkdirSync(folder('a'), { recursive: true });
  writeFileSync(join(folder('a'), 'small.jpg'), picture); // a true cover
  mkdirSync(folder('b'));
  symlinkSync(join(outside, 'secret.jpg'), join(folder('b'), 'small.jpg')); // a file linked out
  symlinkSync(join(outside, 'folder'), folder('c')); // a folder linked out
  mkdirSync(folder('d'));
  symlinkSync('hop.jpg', join(folder('d'), 'small.jpg')); // a chain: inside, then out
  symlinkSync('../../../outside/secret.jpg', join(folder('d'), 'hop.jpg'));
  mkdirSync(folder('e'));
  symlinkSync(`../${'a'.repeat(40)}/small.jpg`, join(folder('e'), 'small.jpg')); // inside to inside
  ['a', 'b', 'c', 'd', 'e'].forEach((c, i) => ctx.userDb.posters.record(ids[i], c.repeat(40)));
});
afterAll(() => ctx.close());

const cover = (bgmId: number) => ctx.app.inject({ url: `/covers/${bgmId}/small`, headers: { host: '127.0.0.1:7777' } });

describe('GET /covers/:id/:size of a saved cover', () => {
  it('sends a saved cover, and one linked to another inside covers/', async () => {
    for (const id of [ids[0], ids[4]]) {
      const res = await cover(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['moecat-cover']).toBeUndefined();
      expect(res.rawPayload.equals(picture)).toBe(true);
    }
  });

  it.each([
    ['a file linked out', 1],
    ['a folder linked out', 2],
    ['a chain of links ending outside', 3],
  ])('never follows %s: the generated cover instead', async (_name, i) => {
    const res = await cover(ids[i]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['moecat-cover']).toBe('generated');
    expect(res.body).not.toContain('SECRET');
  });
});
