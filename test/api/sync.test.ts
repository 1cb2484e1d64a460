// Remote sync between two real servers: the remote listens on loopback over the fixture catalogue, the
// local working catalogue starts empty of entries, so that after a sync every operation of the local
// server must answer exactly what the remote answers — ids mapped through the source keys, the origin
// swapped, audio URLs left on the remote. Then: interruption and resume, incremental re-syncs, and a
// remote that is down, refuses the key, answers garbage or changes while it is listed.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCatalogueWriter, type CatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { IMPORT_ID_BASE } from '../../src-main/catalogue/db/schema';
import { RemoteError, remoteStateOf, syncRemote, type SyncOptions } from '../../src-main/catalogue/sync/remote-sync';
import {
  closedPort,
  countingFetch,
  editCatalogue,
  expectedLocal,
  onAirIds,
  fakeRemote,
  forward,
  idMaps,
  localApp,
  localCatalogue,
  mapUrlIds,
  remoteGet,
  startRemote,
  type LocalSide,
  type Remote,
} from '../fixtures/sync-remote';

const ALL = 'music,radio,tv,web,movie,ova,oad';
const FAST = { perpage: 4, batchSize: 3, rate: 1000, retryDelayMs: 1 } satisfies Partial<SyncOptions>;

interface RemoteEntry {
  wiki_id: number;
  wiki_title: string;
  wiki_title_encode: string;
  wiki_type: string;
  wiki_date: number;
  wiki_modified: number;
  wiki_aliases: string[];
  wiki_tags: string[];
  wiki_bgm_id: number | null;
}

async function remoteEntries(remote: Remote): Promise<RemoteEntry[]> {
  const out: RemoteEntry[] = [];
  for (let page = 1; ; page++) {
    const { body } = await remoteGet(remote, '/wikis.json', { wiki_type: ALL, perpage: '50', page: String(page) });
    const { wikis, information } = (body as { response: { wikis: RemoteEntry[]; information: { count: number } } }).response;
    out.push(...wikis);
    if (out.length >= information.count) return out;
  }
}

/** Every row of the catalogue's content tables, for "nothing changed" and "only that entry changed". */
function rowsOf(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      wiki: all('SELECT * FROM wiki ORDER BY wiki_id'),
      sub: all('SELECT * FROM sub ORDER BY sub_id'),
      upload: all('SELECT * FROM upload ORDER BY up_id'),
      onair: all('SELECT * FROM onair ORDER BY wiki_id, oa_weekday'),
      tags: all('SELECT * FROM wiki_tag ORDER BY wiki_id, tag_id'),
    };
  } finally {
    db.close();
  }
}

interface Op {
  path: string;
  params: Record<string, string>;
}

/** The operations to compare, built from what the remote holds: every entry, sub-entry, title, tag … */
async function operations(remote: Remote): Promise<Op[]> {
  const entries = await remoteEntries(remote);
  const ops: Op[] = [];
  const add = (path: string, params: Record<string, string> = {}) => ops.push({ path, params });
  const tokyoYear = (t: number) => new Date((t + 9 * 3600) * 1000).toISOString().slice(0, 7);
  for (const type of [...ALL.split(','), 'anime', ALL]) {
    for (let page = 1; page <= Math.ceil(entries.length / 4) + 1; page++) add('/wikis', { wiki_type: type, perpage: '4', page: String(page) });
  }
  for (const initial of new Set(entries.map((e) => (/^[a-z]/.test(e.wiki_title_encode) ? e.wiki_title_encode[0] : '0'))))
    add('/wikis', { wiki_type: ALL, initial });
  for (const tag of new Set(entries.flatMap((e) => e.wiki_tags))) add('/wikis', { wiki_type: ALL, tag });
  for (const month of new Set(entries.map((e) => tokyoYear(e.wiki_date)))) {
    add('/wikis', { wiki_type: ALL, date: month });
    add('/wikis', { wiki_type: 'anime', date: month.slice(0, 4) });
  }
  add('/wikis', {
    wiki_type: ALL,
    wiki_id: entries
      .slice(0, 5)
      .map((e) => e.wiki_id)
      .join(','),
  });
  // Not `touhou` alone: the remote also finds 東方 titles by their romanisation (touhou), which only the
  // bundled build makes; a sync carries titles, translated titles and keys.
  const keywords = new Set(['touhou night', '東方', '东方', 'dongfang', 'night', 'ラジオ', 'piano', '星']);
  for (const e of entries) {
    keywords.add(e.wiki_title);
    keywords.add([...e.wiki_title].slice(0, 2).join(''));
    if (e.wiki_title_encode) keywords.add(e.wiki_title_encode.slice(0, 5));
    e.wiki_aliases.forEach((a) => keywords.add(a));
  }
  for (const e of entries) {
    const section = e.wiki_type === 'music' || e.wiki_type === 'radio' ? e.wiki_type : 'anime';
    add(`/${section}/detail`, { wiki_id: String(e.wiki_id) });
    if (section !== 'anime') add('/listen/playlist', { [section]: String(e.wiki_id) });
    if (section === 'music') for (const page of ['1', '2', '3']) add('/music/subs', { wiki_id: String(e.wiki_id), perpage: '2', page });
    if (e.wiki_type === 'music') {
      add('/search/direct', { title: e.wiki_title });
      add('/search/direct', { title: e.wiki_title, listen: '1' });
    }
    if (e.wiki_bgm_id !== null) add('/search/direct', { bgm_id: String(e.wiki_bgm_id) });
    const { body } = await remoteGet(remote, `/${section}/detail.json`, { wiki_id: String(e.wiki_id) });
    for (const sub of (body as { response: { subs: { sub_id: number; sub_title: string }[] } }).response.subs) {
      add('/sub/detail', { sub_id: String(sub.sub_id) });
      add('/listen/playlist', { sub: String(sub.sub_id) });
      keywords.add(sub.sub_title);
    }
  }
  for (const keyword of keywords) {
    add('/search/wiki', { keyword });
    add('/search/wiki', { keyword, wiki_type: 'music', perpage: '2' });
    add('/search/sub', { keyword });
    add('/search/sub', { keyword, sub_type: 'song', perpage: '3', page: '2' });
  }
  for (const week of ['0', '1', '2', '3', '4', '5', '6', '7', '1,4,6']) add('/on-air', { week });
  for (const type of [...ALL.split(','), 'anime', ALL]) add('/app/tags', { wiki_type: type });
  return ops;
}

/** The same operation in each format, as the remote and the local server are asked it. */
function spellings(op: Op): { path: string; params: Record<string, string> }[] {
  if (op.path === '/listen/playlist' || op.path === '/search/direct') {
    const formats = op.path === '/search/direct' ? ['json', 'xml', undefined] : ['json', 'xml'];
    return formats.map((api) => ({ path: op.path, params: api ? { ...op.params, api } : op.params }));
  }
  return ['json', 'xml'].map((f) => ({ path: `${op.path}.${f}`, params: op.params }));
}

/** The local request for a remote one: ids in parameters mapped. */
function localParams(params: Record<string, string>, maps: ReturnType<typeof idMaps>): Record<string, string> {
  const ids = (table: Map<number, number>, list: string) =>
    list
      .split(',')
      .map((id) => table.get(Number(id)))
      .join(',');
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      ['wiki_id', 'music', 'radio'].includes(k) ? ids(maps.wiki, v) : ['sub_id', 'sub'].includes(k) ? ids(maps.sub, v) : v,
    ]),
  );
}

let remote: Remote;
let local: LocalSide;
let writer: CatalogueWriter;

function sync(extra: Partial<SyncOptions> = {}) {
  return syncRemote({ writer, url: remote.url, key: remote.key, ...FAST, ...extra });
}

const sourceOf = () => writer.findSource('remote', remote.url)!;

describe('syncRemote between two servers', () => {
  beforeEach(async () => {
    remote = await startRemote();
    local = localCatalogue({ empty: true });
    writer = openCatalogueWriter(local.file);
  });
  afterEach(async () => {
    writer.close();
    await remote.close();
    local.close();
  });

  it('stops mid-way leaving whole batches and a cursor, resumes, and then answers every operation as the remote does', async () => {
    const entries = await remoteEntries(remote);
    const ids = entries.map((e) => e.wiki_id).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(12);

    // Interrupted while fetching the third batch: two batches of three are written, with their cursor.
    const stop = new AbortController();
    await expect(sync({ signal: stop.signal, progress: (p) => p.phase === 'fetch' && p.done >= 6 && stop.abort() })).rejects.toThrow();
    const cursor = remoteStateOf(sourceOf()).run!;
    expect(cursor).toMatchObject({ listed: ids.length, pending: ids.length, done: 6, lastRemoteId: ids[5] });
    expect([...writer.knownEntries(sourceOf().sourceId).keys()].map(Number).sort((a, b) => a - b)).toEqual(ids.slice(0, 6));
    // Whole entries only: each written entry has every sub-entry the remote has.
    for (const id of ids.slice(0, 6)) {
      const entry = entries.find((e) => e.wiki_id === id)!;
      const section = entry.wiki_type === 'music' || entry.wiki_type === 'radio' ? entry.wiki_type : 'anime';
      const remoteSubs = ((await remoteGet(remote, `/${section}/detail.json`, { wiki_id: String(id) })).body as { response: { subs: unknown[] } }).response
        .subs;
      const localId = writer.knownEntries(sourceOf().sourceId).get(String(id))!.wikiId;
      expect(writer.db.prepare('SELECT count(*) FROM sub WHERE sub_parent_wiki = ?').pluck().get(localId)).toBe(remoteSubs.length);
    }

    const resumed = await sync();
    expect(resumed).toMatchObject({ resumed: true, listed: ids.length, added: ids.length - 6, changed: 0, removed: 0 });
    const state = remoteStateOf(sourceOf());
    expect(state.run).toBeUndefined();
    expect(state.lastSyncAt).toBeGreaterThan(0);

    // Local ids: from the import range, in the remote's order.
    const maps = idMaps(local.file, sourceOf().sourceId);
    const localIds = ids.map((id) => maps.wiki.get(id)!);
    expect(localIds.every((id) => id >= IMPORT_ID_BASE)).toBe(true);
    expect([...localIds].sort((a, b) => a - b)).toEqual(localIds);
    const subPairs = [...maps.sub.entries()].sort((a, b) => a[0] - b[0]);
    expect(subPairs.map(([, id]) => id)).toEqual(subPairs.map(([, id]) => id).sort((a, b) => a - b));

    const source = sourceOf();
    const expectation = {
      maps,
      remoteOrigin: remote.url,
      source: { source_id: source.sourceId, kind: 'remote', name: source.name },
      onAir: await onAirIds(remote),
    };
    const server = await localApp(local);
    try {
      const ops = await operations(remote);
      let nonEmpty = 0;
      for (const op of ops) {
        for (const asked of spellings(op)) {
          const theirs = await remoteGet(remote, asked.path, asked.params);
          const ours = await server.get(asked.path, localParams(asked.params, maps));
          const label = `${asked.path}?${new URLSearchParams(asked.params)}`;
          expect(ours.status, label).toBe(theirs.status);
          expect(ours.body, label).toEqual(expectedLocal(theirs.body, expectation));
          if (theirs.location !== undefined)
            expect(ours.location, label).toBe(mapUrlIds(theirs.location.split(remote.url).join('http://127.0.0.1:7777'), maps));
          if (JSON.stringify(theirs.body).length > 600) nonEmpty++;
        }
      }
      expect(ops.length).toBeGreaterThan(300);
      expect(nonEmpty).toBeGreaterThan(ops.length); // most answers carry entries, not just an envelope
    } finally {
      await server.close();
    }
  });

  it('syncs again with nothing changed: no sub-entry is fetched and no row changes', async () => {
    await sync();
    const before = rowsOf(local.file);
    const counted = countingFetch();
    const again = await sync({ fetch: counted.fetch });
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0, resumed: false });
    expect(again.unchanged).toBe(again.listed);
    expect(counted.paths.filter((p) => /detail|subs|playlist/.test(p))).toEqual([]);
    expect(counted.paths.filter((p) => p === '/wikis.json').length).toBeGreaterThan(1);
    expect(rowsOf(local.file)).toEqual(before);
  });

  it('re-syncs only a changed entry, keeping its ids, and removes an entry the remote no longer has', async () => {
    await sync();
    const maps = idMaps(local.file, sourceOf().sourceId);
    const before = rowsOf(local.file);
    const album = 51_000_002; // the demo's Touhou album (five songs)
    const gone = 51_000_005;
    editCatalogue(remote.file, (db) => {
      db.prepare("UPDATE wiki SET wiki_title = 'Renamed Night Tales', wiki_modified = wiki_modified + 100 WHERE wiki_id = ?").run(album);
      db.prepare("UPDATE sub SET sub_title = 'Renamed Walk' WHERE sub_parent_wiki = ? AND sub_order = '1'").run(album);
      db.prepare('DELETE FROM wiki WHERE wiki_id = ?').run(gone);
    });
    remote.app.answerCache.clear();
    const counted = countingFetch();
    const result = await sync({ fetch: counted.fetch });
    expect(result).toMatchObject({ added: 0, changed: 1, removed: 1 });
    expect(counted.paths.filter((p) => /detail/.test(p))).toEqual(['/music/detail.json']);

    const after = rowsOf(local.file);
    const localAlbum = maps.wiki.get(album)!;
    const renamed = after.wiki.find((w) => (w as { wiki_id: number }).wiki_id === localAlbum) as { wiki_title: string };
    expect(renamed.wiki_title).toBe('Renamed Night Tales');
    const subsOf = (rows: typeof after) =>
      rows.sub.filter((s) => (s as { sub_parent_wiki: number }).sub_parent_wiki === localAlbum) as { sub_id: number; sub_title: string }[];
    expect(subsOf(after).map((s) => s.sub_id)).toEqual(subsOf(before).map((s) => s.sub_id));
    expect(subsOf(after).map((s) => s.sub_title)).toContain('Renamed Walk');
    // Every other entry's rows are as they were; the removed one is gone with its sub-entries.
    const others = (rows: typeof after) => ({
      wiki: rows.wiki.filter((w) => ![localAlbum, maps.wiki.get(gone)].includes((w as { wiki_id: number }).wiki_id)),
      sub: rows.sub.filter((s) => ![localAlbum, maps.wiki.get(gone)].includes((s as { sub_parent_wiki: number }).sub_parent_wiki)),
    });
    expect(others(after)).toEqual(others(before));
    expect(after.wiki.length).toBe(before.wiki.length - 1);
    expect(after.sub.some((s) => (s as { sub_parent_wiki: number }).sub_parent_wiki === maps.wiki.get(gone))).toBe(false);
  });

  /** A remote whose /on-air.json answer is rewritten entry by entry (another implementation's shape). */
  async function rewritingOnAir(rewrite: (entry: Record<string, unknown>) => Record<string, unknown>) {
    return fakeRemote(async (req, res, url) => {
      const answer = await forward(remote, url, `http://${req.headers.host}`);
      if (url.pathname === '/on-air.json') {
        const body = JSON.parse(answer.body.toString());
        for (let d = 1; d <= 7; d++) body.response[`onair_${d}`] = body.response[`onair_${d}`].map(rewrite);
        answer.body = Buffer.from(JSON.stringify(body));
      }
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
  }
  const scheduleRows = () =>
    writer.db.prepare('SELECT oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end FROM onair ORDER BY wiki_id, oa_weekday').all();

  it('reads an older Moecat’s on-air entries (the entry flattened with oa_weekday) as it reads the interface’s', async () => {
    // What Moecat answered before it followed the interface's on-air entry.
    const older = await rewritingOnAir(({ obj, oa_week, oa_time, oa_date_begin, oa_date_end }) => ({
      ...(obj as object),
      oa_weekday: oa_week,
      oa_time,
      oa_date_begin,
      oa_date_end,
    }));
    try {
      await syncRemote({ writer, url: older.url, key: remote.key, ...FAST });
    } finally {
      await older.close();
    }
    const fromOlder = scheduleRows();
    expect(fromOlder.length).toBeGreaterThan(7);
    // The same remote, as it answers today, synced into another empty working catalogue.
    const other = localCatalogue({ empty: true });
    const otherWriter = openCatalogueWriter(other.file);
    try {
      await syncRemote({ writer: otherWriter, url: remote.url, key: remote.key, ...FAST });
      expect(
        otherWriter.db.prepare('SELECT oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end FROM onair ORDER BY wiki_id, oa_weekday').all(),
      ).toEqual(fromOlder);
    } finally {
      otherWriter.close();
      other.close();
    }
  });

  it('leaves out on-air entries without a broadcast time (a server that is not Moecat), and says so', async () => {
    const timeless = await rewritingOnAir(({ oa_time: _time, ...entry }) => entry);
    try {
      const problems: string[] = [];
      const result = await syncRemote({ writer, url: timeless.url, key: remote.key, ...FAST, problem: (m) => problems.push(m) });
      expect(result.added).toBeGreaterThan(0);
      expect(scheduleRows()).toEqual([]);
      expect(problems).toEqual([expect.stringMatching(/gave \d+ on-air entries without a broadcast time \(oa_time\); they are left out of the week/)]);
    } finally {
      await timeless.close();
    }
  });

  it('keeps an entry that a listing shifting under the sync skipped, after asking for it by id', async () => {
    // A remote whose listing can lack one entry (as if it moved between pages) that it still has by id.
    const hidden = 51_000_003;
    let hide = false;
    const shifty = await fakeRemote(async (_req, res, url) => {
      const answer = await forward(remote, url, shifty.url);
      if (hide && url.pathname === '/wikis.json' && !url.searchParams.has('wiki_id')) {
        const body = JSON.parse(answer.body.toString());
        body.response.wikis = body.response.wikis.filter((w: { wiki_id: number }) => w.wiki_id !== hidden);
        body.response.information.count -= 1;
        answer.body = Buffer.from(JSON.stringify(body));
      }
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
    try {
      const first = await syncRemote({ writer, url: shifty.url, key: remote.key, ...FAST });
      const known = writer.knownEntries(first.sourceId);
      expect(known.has(String(hidden))).toBe(true);
      hide = true;
      const counted = countingFetch();
      const again = await syncRemote({ writer, url: shifty.url, key: remote.key, ...FAST, fetch: counted.fetch });
      expect(again).toMatchObject({ removed: 0, changed: 0, added: 0 });
      expect(writer.knownEntries(first.sourceId)).toEqual(known);
      expect(counted.paths.filter((p) => p === '/wikis.json').length).toBeGreaterThan(Math.ceil(known.size / 4));
    } finally {
      await shifty.close();
    }
  });
});

describe('syncRemote with a remote that fails', () => {
  beforeEach(async () => {
    remote = await startRemote();
    local = localCatalogue({ empty: false });
    writer = openCatalogueWriter(local.file);
  });
  afterEach(async () => {
    writer.close();
    await remote.close();
    local.close();
  });

  /** The local catalogue is as it was, and still answers. */
  async function untouched(before: ReturnType<typeof rowsOf>) {
    expect(rowsOf(local.file)).toEqual(before);
    expect(writer.listSources().filter((s) => s.kind === 'remote')).toEqual([]);
    const server = await localApp(local);
    try {
      const { status, body } = await server.get('/search/wiki.json', { keyword: 'touhou' });
      expect(status).toBe(200);
      expect((body as { response: { information: { count: number } } }).response.information.count).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }

  async function failure(url: string, key = remote.key): Promise<RemoteError> {
    const err = await syncRemote({ writer, url, key, ...FAST }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    return err as RemoteError;
  }

  it('says a remote that is down cannot be reached, and writes nothing', async () => {
    const before = rowsOf(local.file);
    const port = await closedPort();
    const err = await failure(`http://127.0.0.1:${port}`);
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(new RegExp(`^Cannot reach http://127\\.0\\.0\\.1:${port}: connection refused`));
    await untouched(before);
  });

  it('says the key was refused (401), without showing it', async () => {
    const before = rowsOf(local.file);
    const err = await failure(remote.url, 'f'.repeat(41));
    expect(err.kind).toBe('refused');
    expect(err.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+ refused the API key \(HTTP 401: ".+"\)\. Check the key\.$/);
    expect(err.message).not.toContain('f'.repeat(41));
    await untouched(before);
  });

  it.each([
    ['an HTML page', 'text/html', '<html><body>Welcome to my blog</body></html>', /not JSON \(text\/html, 44 bytes\); is it a Moefou-compatible API\?$/],
    ['JSON without the envelope', 'application/json', '{"data":[1,2,3]}', /not a Moefou answer: the answer must have required property 'response'/],
    [
      'a wrong entry',
      'application/json',
      '{"response":{"information":{"count":1,"error":0},"wikis":[{"wiki_id":"seven","wiki_title":"x","wiki_type":"music","wiki_date":0,"wiki_modified":0}]}}',
      /not a Moefou answer: response\.wikis\[0\]\.wiki_id must be integer/,
    ],
  ])('refuses %s clearly and writes nothing', async (_what, type, body, message) => {
    const before = rowsOf(local.file);
    const junk = await fakeRemote((_req, res) => void res.writeHead(200, { 'content-type': type }).end(body));
    try {
      const err = await failure(junk.url);
      expect(err.kind).toBe('garbage');
      expect(err.message).toMatch(message);
      expect(err.message).toContain(`${junk.url} answered /wikis.json`);
    } finally {
      await junk.close();
    }
    await untouched(before);
  });

  it('retries a remote failing with HTTP 500 a few times, then says so', async () => {
    const before = rowsOf(local.file);
    let calls = 0;
    const failing = await fakeRemote((_req, res) => {
      calls++;
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"response":{"information":{"error":500,"msg":["Database is on fire."]}}}');
    });
    try {
      const err = await failure(failing.url);
      expect(err.kind).toBe('http');
      expect(err.message).toBe(`${failing.url} answered /wikis.json with HTTP 500 (tried 3 times): "Database is on fire."`);
      expect(calls).toBe(3);
    } finally {
      await failing.close();
    }
    await untouched(before);
  });

  it('keeps the whole batches written before the remote broke mid-sync, and nothing of the failed one', async () => {
    let details = 0;
    const breaking = await fakeRemote(async (_req, res, url) => {
      if (/detail/.test(url.pathname) && ++details === 5) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('oops');
      const answer = await forward(remote, url, breaking.url);
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
    try {
      const err = await failure(breaking.url);
      expect(err.message).toMatch(/answered \/\w+\/detail\.json with something that is not JSON/);
      const source = writer.findSource('remote', breaking.url)!;
      expect(remoteStateOf(source).run).toMatchObject({ done: 3 });
      expect(source.entries).toBe(3); // the first batch of three; the second broke on its second entry
    } finally {
      await breaking.close();
    }
  });

  it('lists again when the remote changes between pages, and stops when it keeps changing', async () => {
    let listings = 0;
    let always = false;
    const moving = await fakeRemote(async (_req, res, url) => {
      const answer = await forward(remote, url, moving.url);
      if (url.pathname === '/wikis.json' && !url.searchParams.has('wiki_id')) {
        if (url.searchParams.get('page') === '1') listings++;
        // During the first listing (or every listing), a new entry appears at the top from page 2 on.
        if ((listings === 1 || always) && url.searchParams.get('page') !== '1') {
          const body = JSON.parse(answer.body.toString());
          body.response.information.count += 1;
          body.response.wikis.unshift(body.response.wikis.pop());
          answer.body = Buffer.from(JSON.stringify(body));
        }
      }
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
    try {
      const problems: string[] = [];
      const result = await syncRemote({ writer, url: moving.url, key: remote.key, ...FAST, problem: (m) => problems.push(m) });
      expect(problems).toEqual([expect.stringMatching(/changed while it was listed \(its count went from \d+ to \d+\); listing again/)]);
      const all = (await remoteEntries(remote)).map((e) => String(e.wiki_id)).sort();
      expect([...writer.knownEntries(result.sourceId).keys()].sort()).toEqual(all);

      always = true;
      const before = rowsOf(local.file);
      const err = await failure(moving.url);
      expect(err.kind).toBe('changed');
      expect(err.message).toMatch(/kept changing while it was listed .* 3 times\); try again later/);
      expect(rowsOf(local.file)).toEqual(before);
    } finally {
      await moving.close();
    }
  });
});
