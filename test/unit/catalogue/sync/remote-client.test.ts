// The sync's HTTP client: at most `rate` requests a second (on a fake clock), retries with a doubling
// wait for failures worth retrying and none for the others, a timeout, bounded answers, and remote
// URLs normalised or refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRemoteClient, normaliseRemoteUrl, RemoteError } from '../../../../src-main/catalogue/sync/remote-client';

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
    const hanging = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'k', timeoutMs: 50, retries: 1, retryDelayMs: 1, fetch: hanging as unknown as typeof fetch });
    const err = (await client.get('any', '/wikis.json').catch((e: unknown) => e)) as RemoteError;
    expect(err).toMatchObject({ kind: 'unreachable' });
    expect(err.message).toBe('Cannot reach http://remote.test: no answer within 50 ms (/wikis.json, tried 2 times).');
    expect(hanging).toHaveBeenCalledTimes(2);
  });

  it('stops when the sync is cancelled, without retrying', async () => {
    const stop = new AbortController();
    const hanging = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    const client = createRemoteClient({ baseUrl: 'http://remote.test', key: 'k', signal: stop.signal, fetch: hanging as unknown as typeof fetch });
    const answer = client.get('any', '/wikis.json');
    setTimeout(() => stop.abort(), 10);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(hanging).toHaveBeenCalledTimes(1);
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
