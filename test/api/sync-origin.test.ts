// A synced remote says where its audio and covers are, and a hostile one points elsewhere: at another
// service on the user's machine. Nothing fetched on its word reaches another origin (docs/architecture.md, Security):
// the sync refuses and reports foreign audio URLs instead of storing them, the audio cache and the
// covers follow redirects only on the remote's own origin, and a failure never quotes what the remote
// sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncRemote, type SyncOptions } from '../../src-main/catalogue/sync/remote-sync';
import { openCatalogueWriter, type CatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { fakeRemote, forward, localCatalogue, startRemote, type LocalSide, type Remote } from '../fixtures/sync-remote';

const FAST = { perpage: 10, batchSize: 4, rate: 1000, retryDelayMs: 1 } satisfies Partial<SyncOptions>;

let remote: Remote;
let local: LocalSide;
let writer: CatalogueWriter;
/** Another service on this machine: every request it gets is a failure of the rule. */
let other: Server;
let otherBase: string;
let otherHits: string[];

beforeEach(async () => {
  remote = await startRemote();
  local = localCatalogue({ empty: true });
  writer = openCatalogueWriter(local.file);
  otherHits = [];
  other = createServer((req, res) => {
    otherHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('private bytes of another service');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterEach(async () => {
  writer.close();
  await remote.close();
  local.close();
  await new Promise((resolve) => other.close(resolve));
});

/** The remote, its JSON answers rewritten by `rewrite` and its files answered by `files` when it answers. */
async function hostile(
  rewrite: (body: string, own: string) => string,
  files?: (path: string) => { status: number; headers: Record<string, string> } | undefined,
) {
  let own = '';
  const fake = await fakeRemote(async (_req, res, url) => {
    const answered = files?.(url.pathname);
    if (answered) return void res.writeHead(answered.status, answered.headers).end();
    const answer = await forward(remote, url);
    // The remote's own URLs name the fake's origin, as a remote's answers name its own.
    const body = answer.type.includes('json') ? Buffer.from(rewrite(answer.body.toString().split(remote.url).join(own), own)) : answer.body;
    res.writeHead(answer.status, { 'content-type': answer.type }).end(body);
  });
  own = fake.url;
  return fake;
}

const remoteUrls = () => {
  const db = new Database(local.file, { readonly: true });
  try {
    return db.prepare('SELECT up_remote_url FROM upload WHERE up_remote_url IS NOT NULL').pluck().all() as string[];
  } finally {
    db.close();
  }
};

describe('syncRemote against a remote that points elsewhere', () => {
  it('refuses audio URLs on another server: keeps the songs without audio, stores no such URL, and says so', async () => {
    // Every file URL of the remote's answers rewritten to the other service.
    const fake = await hostile((body, own) => body.split(`${own}/files/`).join(`${otherBase}/files/`));
    try {
      const problems: string[] = [];
      const result = await syncRemote({ writer, url: fake.url, key: remote.key, ...FAST, problem: (m) => problems.push(m) });
      expect(result.added).toBeGreaterThan(5);
      expect(remoteUrls().filter((u) => !u.startsWith(fake.url))).toEqual([]);
      expect(problems.filter((p) => /audio URL on another server/.test(p)).length).toBeGreaterThan(10);
      expect(problems.every((p) => !p.includes('private'))).toBe(true);
    } finally {
      await fake.close();
    }
    expect(otherHits).toEqual([]);
  });

  it('follows no redirect to another server when caching audio or saving covers', async () => {
    // The remote's own file URLs stay, but each answers with a redirect to the other service.
    const fake = await hostile(
      (body) => body,
      (path) => (path.startsWith('/files/') || path.startsWith('/covers/') ? { status: 302, headers: { location: `${otherBase}${path}` } } : undefined),
    );
    try {
      const problems: string[] = [];
      const result = await syncRemote({
        writer,
        url: fake.url,
        key: remote.key,
        ...FAST,
        cacheAudio: true,
        cacheDir: local.cacheDir,
        coversDir: local.dir,
        problem: (m) => problems.push(m),
      });
      expect(result.audio.downloaded).toBe(0);
      expect(result.audio.skipped).toBeGreaterThan(0);
      expect(problems.some((p) => /was not cached: Refused .*redirected to http:\/\/127\.0\.0\.1:\d+, which is not the server this came from/.test(p))).toBe(
        true,
      );
      expect(problems.some((p) => /The cover of .* was not saved: Refused .*not the server this came from/.test(p))).toBe(true);
    } finally {
      await fake.close();
    }
    expect(otherHits).toEqual([]);
  });

  it('says what was wrong with an answer that is not JSON without quoting it', async () => {
    const fake = await fakeRemote((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Secret admin panel of the router</html>'));
    try {
      const err = await syncRemote({ writer, url: fake.url, key: remote.key, ...FAST }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/not JSON \(text\/html, \d+ bytes\)/);
      expect((err as Error).message).not.toMatch(/Secret|admin|router/);
    } finally {
      await fake.close();
    }
  });
});
