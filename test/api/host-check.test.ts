// The host check (docs/architecture.md, Security): only the server's own loopback name and port may talk to it, so a page
// on a rebinding DNS name cannot; and no answer grants other origins read access (no CORS headers).
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeXml } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

// Two apps: before listen there is no port to compare with (inject), after it the port must match.
let injected: Awaited<ReturnType<typeof fixtureApp>>;
let served: Awaited<ReturnType<typeof fixtureApp>>;
let port: number;
beforeAll(async () => {
  injected = await fixtureApp();
  served = await fixtureApp();
  await served.app.listen({ host: '127.0.0.1', port: 0 });
  port = (served.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await injected.close();
  await served.close();
});

const wikis = (format: 'json' | 'xml', app = served) => `/wikis.${format}?wiki_type=music&api_key=${app.userDb.defaultKey().key}`;
const inject = (format: 'json' | 'xml', host: string) => injected.app.inject({ url: wikis(format, injected), headers: { host } });

/** A request to the listening server with exactly these headers (Host included). */
function request(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, setHost: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the host check through inject', () => {
  it('refuses a foreign Host with 403 in the JSON envelope', async () => {
    const res = await inject('json', 'evil.example:80');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().response).toEqual({
      information: expect.objectContaining({ has_error: true, error: 403, msg: ['Host "evil.example:80" is not this server.'] }),
    });
  });

  it('refuses a foreign Host with 403 in the XML envelope for a .xml path', async () => {
    const res = await inject('xml', 'evil.example:80');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = decodeXml(res.body) as { response: Record<string, unknown> };
    expect(Object.keys(body.response)).toEqual(['information']);
    expect(body.response.information).toMatchObject({ has_error: true, error: 403 });
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'localhost:4567', '[::1]:4567', 'LOCALHOST'])('accepts the loopback name %s', async (host) => {
    const res = await inject('json', host);
    expect(res.statusCode).toBe(200);
    expect(res.json().response.wikis.length).toBeGreaterThan(0);
  });

  it.each(['127.0.0.2', '0.0.0.0', 'localhost.evil.example', '127.0.0.1.nip.io', '[::2]'])('refuses the look-alike %s', async (host) => {
    expect((await inject('json', host)).statusCode).toBe(403);
  });
});

describe('the host check on a listening server', () => {
  it.each([
    ['its own name and port', () => `127.0.0.1:${port}`],
    ['localhost with its port', () => `localhost:${port}`],
    ['[::1] with its port', () => `[::1]:${port}`],
  ])('accepts %s', async (_what, host) => {
    const res = await request(wikis('json'), { host: host() });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a wrong port', () => '127.0.0.1:1'],
    ['no port (80 implied)', () => '127.0.0.1'],
    ['a rebinding name with the right port', () => `attacker.test:${port}`],
  ])('refuses %s with 403', async (_what, host) => {
    const res = await request(wikis('json'), { host: host() });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).response.information).toMatchObject({ error: 403 });
    expect(res.body).not.toContain('wiki_title');
  });

  it('refuses an HTTP/1.0 request without a Host header', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${wikis('json')} HTTP/1.0\r\n\r\n`));
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 403 /);
  });
});

describe('CORS', () => {
  it.each([
    ['an API answer', () => wikis('json')],
    ['an XML API answer', () => wikis('xml')],
    ['an error answer', () => '/wikis.json'],
    ['the OpenAPI document', () => '/docs/openapi.json'],
  ])('grants no origin on %s, even when the request names one', async (_what, path) => {
    const res = await request(path(), { host: `127.0.0.1:${port}`, origin: 'https://evil.example' });
    expect(res.status).toBeLessThan(500);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers no preflight', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/wikis.json',
          method: 'OPTIONS',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    res.resume();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });
});
