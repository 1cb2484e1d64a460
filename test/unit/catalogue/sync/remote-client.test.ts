// The sync's HTTP client: at most `rate` requests a second (on a fake clock), retries with a doubling
// wait for failures worth retrying and none for the others, a timeout, bounded answers, and remote
// URLs normalised or refused.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRemoteClient, MAX_ANSWER_BYTES, normaliseRemoteUrl, RemoteError } from '../../../../src-main/catalogue/sync/remote-client';
import { endless, loopbackServer, MiB, peakGrowth } from '../../../fixtures/endless-answers';

const OK = '{"response":{"information":{"error":0,"msg":[]}}}';

/** A fetch that answers from a list of [status, body] in turn, noting when (fake clock) each request came. */
function scripted(answers: [number, string][]) {
  const at: number[] = [];
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    at.push(Date.now());
    urls.push(String(input));
    const [status, body] = answers[Math.min(at.length - 1, answers.length - 1)];
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, at, urls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createRemoteClient', () => {
  it('spaces requests to at most `rate` a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const remote = scripted([[200, OK]]);
    const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'k', rate: 4, fetch: remote.fetch });
    const all = Promise.all([1, 2, 3, 4, 5].map(() => client.get('any', '/on-air.json')));
    await vi.advanceTimersByTimeAsync(5_000);
    await all;
    expect(remote.at.slice(1).map((t, i) => t - remote.at[i])).toEqual([250, 250, 250, 250]);
  });

  it('retries HTTP 5xx and 429 with a doubling wait, then succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const remote = scripted([
      [503, 'busy'],
      [429, 'slow down'],
      [200, OK],
    ]);
    const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'k', rate: 1000, retryDelayMs: 100, fetch: remote.fetch });
    const answer = client.get('any', '/wikis.json');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toMatchObject({ information: { error: 0 } });
    expect(remote.at.slice(1).map((t, i) => t - remote.at[i])).toEqual([100, 200]);
  });

  it('does not retry a refused key or a missing path, and names the path without the key', async () => {
    for (const [status, kind] of [
      [401, 'refused'],
      [403, 'refused'],
      [404, 'http'],
    ] as const) {
      const remote = scripted([[status, '{"response":{"information":{"error":1,"msg":["No."]}}}']]);
      const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'secret-key', retryDelayMs: 1, fetch: remote.fetch });
      const err = (await client.get('any', '/wikis.json').catch((e: unknown) => e)) as RemoteError;
      expect(err).toBeInstanceOf(RemoteError);
      expect(err).toMatchObject({ kind, status });
      expect(err.message).toContain('"No."');
      expect(err.message).not.toContain('secret-key');
      expect(remote.at).toHaveLength(1);
      expect(remote.urls[0]).toBe('http://remote.test/wikis.json?api_key=secret-key');
    }
  });

  it('treats an envelope whose error is not 0 as an error, even with HTTP 200', async () => {
    const remote = scripted([[200, '{"response":{"information":{"error":400,"msg":["Parameter \\"page\\" is bad."]}}}']]);
    const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'k', fetch: remote.fetch });
    await expect(client.get('any', '/wikis.json')).rejects.toThrow('http://remote.test answered /wikis.json with error 400: Parameter "page" is bad.');
  });

  it('gives up on a remote that does not answer within the timeout', async () => {
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const client = createRemoteClient({
      baseUrl: 'http://remote.test',
      key: 'k',
      timeoutMs: 50,
      retries: 1,
      retryDelayMs: 1,
      fetch: hanging as unknown as typeof fetch,
    });
    const err = (await client.get('any', '/wikis.json').catch((e: unknown) => e)) as RemoteError;
    expect(err).toMatchObject({ kind: 'unreachable' });
    expect(err.message).toBe('Cannot reach http://remote.test: no answer within 50 ms (/wikis.json, tried 2 times).');
    expect(hanging).toHaveBeenCalledTimes(2);
  });

  it('stops when the sync is cancelled, without retrying', async () => {
    const stop = new AbortController();
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'k', signal: stop.signal, fetch: hanging as unknown as typeof fetch });
    const answer = client.get('any', '/wikis.json');
    setTimeout(() => stop.abort(), 10);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(hanging).toHaveBeenCalledTimes(1);
  });
});

describe('createRemoteClient over a real connection: every answer bounded', () => {
  const sent = new Map<string, number>();
  let remote: Awaited<ReturnType<typeof loopbackServer>>;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moecat-remote-client-'));
    remote = await loopbackServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const note = (bytes: number) => sent.set(path, bytes);
      if (path === '/wikis.json') return endless(res, { 'content-type': 'application/json' }, note);
      if (path === '/on-air.json') return endless(res, { 'content-type': 'audio/mpeg' }, note);
      if (path === '/cover.jpg') return endless(res, { 'content-type': 'text/html; charset=utf-8' }, note);
      if (path === '/big.jpg') return endless(res, { 'content-type': 'image/jpeg', 'content-length': 1024 * MiB }, note);
      if (path === '/page.mp3') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in to the hotel Wi-Fi</html>');
      if (path === '/endless.mp3') return endless(res, { 'content-type': 'audio/mpeg' }, note);
      if (path === '/stalls.mp3') {
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 1000 });
        return void res.write(Buffer.alloc(100)); // then nothing more
      }
      res.writeHead(404).end();
    });
    await (await fetch(`${remote.url}/warm-up`)).arrayBuffer();
  });
  afterAll(async () => {
    await remote.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const client = (timeoutMs = 30_000) => createRemoteClient({ baseUrl: remote.url, key: 'k', rate: 1000, retries: 0, timeoutMs });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (err: unknown) => err as RemoteError,
    );
  /** What the server got out before the reader let go (known once the connection has closed). */
  const sentFor = (path: string) => vi.waitFor(() => sent.get(path) ?? Promise.reject(new Error(`${path} still open`)), { timeout: 30_000 });

  it('gives up an endless answer at its limit while reading it, memory bounded', async () => {
    const { value: err, rss, arrayBuffers } = await peakGrowth(() => failure(client().get('any', '/wikis.json')));
    expect(err).toBeInstanceOf(RemoteError);
    expect(err).toMatchObject({ kind: 'garbage', message: `${remote.url} answered /wikis.json with more than ${MAX_ANSWER_BYTES / MiB} MiB.` });
    expect(arrayBuffers).toBeLessThan(MAX_ANSWER_BYTES + 64 * MiB);
    expect(rss).toBeLessThan(MAX_ANSWER_BYTES + 128 * MiB); // also the fake server's buffers and uncollected garbage
    expect(await sentFor('/wikis.json')).toBeLessThan(MAX_ANSWER_BYTES + 64 * MiB);

    const file = join(dir, 'endless.mp3.part');
    const streamed = await peakGrowth(() => failure(client().download(`${remote.url}/endless.mp3`, file, 8 * MiB)));
    expect(streamed.value).toMatchObject({ kind: 'garbage', message: `Refused /endless.mp3 from ${remote.url}: the audio is larger than 8 MiB.` });
    expect(streamed.arrayBuffers).toBeLessThan(64 * MiB);
    expect(streamed.rss).toBeLessThan(128 * MiB); // also the fake server's buffers and uncollected garbage
    expect(existsSync(file)).toBe(false);
  });

  it('refuses an answer by its type or declared length before reading its body', async () => {
    const json = await failure(client().get('any', '/on-air.json'));
    expect(json).toMatchObject({
      kind: 'garbage',
      message: `${remote.url} answered /on-air.json with something that is not JSON (audio/mpeg); is it a Moefou-compatible API?`,
    });
    const page = await failure(client().fetchBytes(`${remote.url}/cover.jpg`, 16 * MiB));
    expect(page).toMatchObject({ kind: 'garbage', message: `Refused /cover.jpg from ${remote.url}: the picture came as text/html.` });
    const big = await failure(client().fetchBytes(`${remote.url}/big.jpg`, 16 * MiB));
    expect(big).toMatchObject({ kind: 'garbage', message: `Refused /big.jpg from ${remote.url}: the picture is larger than 16 MiB.` });
    for (const path of ['/on-air.json', '/cover.jpg', '/big.jpg']) expect(await sentFor(path), path).toBeLessThan(16 * MiB);
    // A captive portal's page is no song: not saved as one.
    const file = join(dir, 'page.mp3.part');
    expect(await failure(client().download(`${remote.url}/page.mp3`, file, 8 * MiB))).toMatchObject({
      kind: 'garbage',
      message: `Refused /page.mp3 from ${remote.url}: the audio came as text/html.`,
    });
    expect(existsSync(file)).toBe(false);
  });

  it('gives up an answer that stops coming within the same deadline, as a failure of the remote', async () => {
    const file = join(dir, 'stalls.mp3.part');
    const err = await failure(client(300).download(`${remote.url}/stalls.mp3`, file, 8 * MiB));
    expect(err).toBeInstanceOf(RemoteError);
    expect(err).toMatchObject({ kind: 'unreachable', message: `${remote.url} did not finish answering /stalls.mp3: no answer within 300 ms.` });
    expect(existsSync(file)).toBe(false);
  });
});

describe('normaliseRemoteUrl', () => {
  it('keeps scheme, host, port and path, without a trailing slash', () => {
    expect(normaliseRemoteUrl(' http://127.0.0.1:41234/ ')).toBe('http://127.0.0.1:41234');
    expect(normaliseRemoteUrl('https://api.example.org/v1/')).toBe('https://api.example.org/v1');
    expect(normaliseRemoteUrl('HTTP://Example.org')).toBe('http://example.org');
  });

  it.each(['ftp://example.org', 'file:///etc/passwd', 'example.org', '', 'http://user:pw@example.org'])('refuses %j', (text) => {
    expect(() => normaliseRemoteUrl(text)).toThrow(RangeError);
  });
});
