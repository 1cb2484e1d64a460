// The answer cache and the API-key memory must never serve what is no longer true: a catalogue written
// by another connection (a `moecat import` in another process writing the same working catalogue), and
// a key revoked in this process or by another one (`moecat keys revoke`).
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/build/builder';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { KEY_RECHECK_MS, openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { SOURCE_RECHECK_MS } from '../../src-main/server/answer-cache';
import { buildApp } from '../../src-main/server/app';
import { call, FORMATS } from '../fixtures/api';
import { fixtureCatalogueDir } from '../fixtures/app';
import { FIXTURE_NOW } from '../fixtures/bangumi-fixture';

let work: string;
let catalogueFile: string;
let catalogue: Catalogue;
let userDb: UserDb;
let app: Awaited<ReturnType<typeof buildApp>>;
let key: string;

beforeAll(async () => {
  // A copy of the fixture catalogue, since this test writes to it.
  work = mkdtempSync(join(tmpdir(), 'moecat-answer-cache-'));
  catalogueFile = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), catalogueFile);
  catalogue = openCatalogue(catalogueFile);
  userDb = openUserDb(join(work, 'user.db'));
  app = await buildApp({ catalogue, userDb, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR), now: () => FIXTURE_NOW });
  key = userDb.defaultKey().key;
});
afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

/** Writes the catalogue file through a connection of its own, as another process would. */
function writeAsAnotherProcess(sql: string, ...params: unknown[]): void {
  const db = new Database(catalogueFile);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

const titleOf = (wikis: { wiki_id: number; wiki_title: string }[], id: number) => wikis.find((w) => w.wiki_id === id)?.wiki_title;

describe('the answer cache', () => {
  it.each(FORMATS)('answers in %s what another process wrote to the catalogue, once the recheck interval has passed', async (format) => {
    const id = 51000001;
    const before = await call(app, '/wikis', format, { api_key: key, wiki_type: 'music' });
    expect(before.status).toBe(200);
    const oldTitle = titleOf(before.body.response.wikis, id);
    expect(oldTitle).toBeTruthy();
    // Served from the cache now.
    expect((await call(app, '/wikis', format, { api_key: key, wiki_type: 'music' })).raw).toBe(before.raw);

    const newTitle = `${oldTitle} (${format}, renamed by an import)`;
    writeAsAnotherProcess('UPDATE wiki SET wiki_title = ? WHERE wiki_id = ?', newTitle, id);
    await sleep(SOURCE_RECHECK_MS + 50);
    const after = await call(app, '/wikis', format, { api_key: key, wiki_type: 'music' });
    expect(after.status).toBe(200);
    expect(titleOf(after.body.response.wikis, id)).toBe(newTitle);
  });

  it('shows a new entry another process added in the entry list count', async () => {
    const count = async () => (await call(app, '/wikis', 'json', { api_key: key, wiki_type: 'radio' })).body.response.information.count as number;
    const before = await count();
    writeAsAnotherProcess(`INSERT INTO wiki (wiki_id, source_id, source_key, wiki_type, wiki_section, wiki_title, wiki_title_fold, wiki_title_encode,
        wiki_initial, wiki_date, wiki_modified) SELECT 100000001, source_id, 'import-test', 'radio', 'radio', 'Imported radio', 'importedradio',
        'importedradio', 'i', 1700000000, 1700000000 FROM wiki LIMIT 1`);
    await sleep(SOURCE_RECHECK_MS + 50);
    expect(await count()).toBe(before + 1);
  });
});

describe('API keys remembered as active', () => {
  const ask = (apiKey: string) => call(app, '/wikis', 'json', { api_key: apiKey, wiki_type: 'music' });

  it('are refused at once when this process revokes one', async () => {
    const made = userDb.createKey('Revoked here');
    expect((await ask(made.key)).status).toBe(200);
    expect((await ask(made.key)).status).toBe(200);
    userDb.revokeKey(made.key);
    const refused = await ask(made.key);
    expect(refused.status).toBe(401);
    expect(refused.body.response.information.msg.join(' ')).toMatch(/not an active API key/);
  });

  it('are refused once another process revoked one and the recheck interval has passed', async () => {
    const made = userDb.createKey('Revoked by the CLI');
    expect((await ask(made.key)).status).toBe(200);
    const cli = openUserDb(join(work, 'user.db'));
    try {
      expect(cli.revokeKey(made.key)).toBe(true);
    } finally {
      cli.close();
    }
    await sleep(KEY_RECHECK_MS + 50);
    expect((await ask(made.key)).status).toBe(401);
    expect((await ask(key)).status).toBe(200);
  });
});
