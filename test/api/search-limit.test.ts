// A keyword matching more than SEARCH_COUNT_LIMIT entries: the count stops at the limit and the
// answer's msg says so, in both formats; below the limit msg stays empty.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type IncomingEntry } from '../../src-main/catalogue/write/catalogue-writer';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { SEARCH_COUNT_LIMIT } from '../../src-main/contract/limits';
import { buildApp } from '../../src-main/server/app';
import { call, FORMATS } from '../fixtures/api';
import { fixtureCatalogueDir } from '../fixtures/app';
import { tempDir } from '../fixtures/temp-dir';

let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
let key: string;

beforeAll(() => {
  const work = tempDir('moecat-search-limit-');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  const writer = openCatalogueWriter(file);
  const source = writer.ensureSource('folder', '/many', 'many');
  const entry = (i: number): IncomingEntry => ({
    sourceKey: String(i),
    type: 'music',
    title: `Quuxcount ${i}${i === 7 ? ' Rareword' : ''}`,
    aliases: [],
    date: 1,
    modified: 1,
    meta: [],
    tags: [],
    subs: [],
  });
  writer.upsertEntries(
    source.sourceId,
    Array.from({ length: SEARCH_COUNT_LIMIT + 5 }, (_, i) => entry(i)),
  );
  writer.close();
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  key = userDb.defaultKey().key;
  return buildApp({ catalogue, userDb, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR) }).then((a) => {
    app = a;
  });
}, 120_000);

afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
});

describe.each(FORMATS)('search count limit (%s)', (format) => {
  it('stops the count at the limit and says so', async () => {
    const res = await call(app, '/search/wiki', format, { keyword: 'quuxcount', api_key: key });
    expect(res.status).toBe(200);
    const info = res.body.response.information;
    expect(info.count).toBe(SEARCH_COUNT_LIMIT);
    expect(info.has_error).toBe(false);
    expect(info.msg).toEqual(['More than 10,000 matches: the count and the list stop there. Add words to narrow the search.']);
  });

  it('says nothing below the limit', async () => {
    const res = await call(app, '/search/wiki', format, { keyword: 'quuxcount rareword', api_key: key });
    expect(res.body.response.information).toMatchObject({ count: 1, msg: [] });
  });
});
