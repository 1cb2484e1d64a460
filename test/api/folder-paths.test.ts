// An imported album's `folder` (in wiki_meta) is an absolute path on this machine: the app's own UI is
// shown it, while a tool with an API key or connected with OAuth gets the album without it, in every
// answer that carries the album (its detail, lists, searches, a sub-entry's entry, the user's favourites),
// in both formats.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder } from '../../src-main/catalogue/import/folder-import';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { openCatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { buildApp } from '../../src-main/server/app';
import { listen } from '../../src-main/server/bind';
import { decodeXml, FORMATS, type Format } from '../fixtures/api';
import { writeSongs } from '../fixtures/mp3-folder';
import { oauthClient, oauthDriver } from '../fixtures/oauth';
import { localCatalogue, type LocalSide } from '../fixtures/sync-remote';

const UI_TOKEN = 'a5'.repeat(16); // the OAuth kit's approval page sends this one
const ALBUM = 'Private Album';

let local: LocalSide;
let work: string;
let music: string;
let catalogue: Catalogue;
let userDb: UserDb;
let app: FastifyInstance;
let base: string;
let key: string;
let wikiId: number;
let subId: number;
let signed: ReturnType<typeof oauthDriver>['signed'];
let token: Awaited<ReturnType<ReturnType<typeof oauthDriver>['connect']>>;

beforeAll(async () => {
  local = localCatalogue({ empty: false });
  work = mkdtempSync(join(tmpdir(), 'moecat-folder-paths-'));
  music = join(work, 'home', 'someone', 'Music');
  writeSongs(music, [{ file: 'Album/01.mp3', title: 'One', artist: 'Someone', album: ALBUM }]);
  const writer = openCatalogueWriter(local.file);
  try {
    await importFolder({ writer, folder: music, dataDir: work });
  } finally {
    writer.close();
  }
  catalogue = openCatalogue(local.file);
  userDb = openUserDb(join(work, 'user.db'));
  key = userDb.defaultKey().key;
  app = await buildApp({ catalogue, userDb, audioDir: local.dir, uiToken: UI_TOKEN, dataDir: work });
  base = (await listen(app, { host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  const driver = oauthDriver(base, oauthClient({ key, secret: userDb.defaultKey().secret! }));
  signed = driver.signed;
  token = await driver.connect();
  const found = await fetch(`${base}/search/wiki.json?keyword=${encodeURIComponent(ALBUM)}&api_key=${key}`);
  wikiId = ((await found.json()) as { response: { wikis: { wiki_id: number }[] } }).response.wikis[0].wiki_id;
  const detail = await fetch(`${base}/music/detail.json?wiki_id=${wikiId}`, { headers: { 'x-moecat-ui': UI_TOKEN } });
  subId = ((await detail.json()) as { response: { subs: { sub_id: number }[] } }).response.subs[0].sub_id;
  userDb.addFav('wiki', wikiId, 1);
});
afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  local.close();
  rmSync(work, { recursive: true, force: true });
});

/** The `folder` values of every wiki_meta in an answer, all the way down. */
function folders(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => folders(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'wiki_meta')
        for (const m of [v].flat() as { meta_key?: string; meta_value?: string }[]) if (m?.meta_key === 'folder') out.push(String(m.meta_value));
      folders(v, out);
    }
  }
  return out;
}

const decode = (text: string, format: Format) => (format === 'xml' ? decodeXml(text) : JSON.parse(text));

/** Reads that carry the album, for a caller with an API key. */
const READS = () => [
  `/music/detail.FORMAT?wiki_id=${wikiId}`,
  '/wikis.FORMAT?wiki_type=music&perpage=50',
  `/search/wiki.FORMAT?keyword=${encodeURIComponent(ALBUM)}`,
  `/song/detail.FORMAT?sub_id=${subId}`,
  `/music/${wikiId}?api=FORMAT`,
];

describe("an imported album's folder", () => {
  it('is shown to the UI', async () => {
    for (const format of FORMATS) {
      for (const read of [...READS(), '/user/favs/wiki.FORMAT']) {
        const url = `${base}${read.replace('FORMAT', format)}`;
        const res = await fetch(url, { headers: { 'x-moecat-ui': UI_TOKEN } });
        expect(res.status, url).toBe(200);
        expect(folders(decode(await res.text(), format)), url).toContain(join(music, 'Album'));
      }
    }
  });

  it('is not shown to an API key, before or after the answer is cached, nor the absolute path anywhere', async () => {
    for (const format of FORMATS) {
      for (const read of READS()) {
        for (const attempt of [1, 2]) {
          const url = `${base}${read.replace('FORMAT', format)}${read.includes('?') ? '&' : '?'}api_key=${key}`;
          const res = await fetch(url);
          const text = await res.text();
          expect(res.status, url).toBe(200);
          const answer = decode(text, format);
          expect(folders(answer), `${url} #${attempt}`).toEqual([]);
          expect(text, url).not.toContain(work);
          expect(text, url).toContain(ALBUM);
          // The album's other meta is still there.
          expect(JSON.stringify(answer)).toContain('Someone');
        }
      }
    }
  });

  it('is not shown to a tool connected with OAuth', async () => {
    for (const format of FORMATS) {
      for (const read of [...READS(), '/user/favs/wiki.FORMAT']) {
        const path = read.replace('FORMAT', format);
        const answer = await signed('GET', path, { token });
        expect(answer.status, `${path}: ${answer.text}`).toBe(200);
        expect(folders(decode(answer.text, format)), path).toEqual([]);
        expect(answer.text, path).not.toContain(work);
      }
    }
  });
});
