// What the envelope may echo of a request: a path part holding a credential as name=value is cut, and
// every credential value the request carried (query, headers, form) is found to be blotted out.
import { describe, expect, it } from 'vitest';
import { blotted, echoablePath, secretsOf } from '../../../src-main/server/credentials';

const request = (url: string, headers: Record<string, string> = {}, body?: unknown) => ({ url, headers, body }) as Parameters<typeof secretsOf>[0];

describe('echoablePath()', () => {
  it('cuts path parts holding a credential as name=value, however encoded', () => {
    expect(echoablePath('/music/detail.json;api_key=abc123')).toBe('/music/…');
    expect(echoablePath('/x/api_key=abc/y.xml')).toBe('/x/…/y.xml');
    expect(echoablePath('/nothing%3Fapi_key%3Dabc.xml')).toBe('/…');
    expect(echoablePath('/a%253Foauth_token%253Dabc')).toBe('/…');
    expect(echoablePath('/p;s=salt/t=x')).toBe('/…/…');
  });
  it('leaves other paths alone', () => {
    for (const path of ['/music/12', '/search/wiki.json', '/x/title=abc', '/%FF/a=b', '/']) expect(echoablePath(path)).toBe(path);
  });
});

describe('secretsOf()', () => {
  it('finds credentials in the query, encoded or not, but not the OAuth parameters that are no secret', () => {
    const secrets = secretsOf(request('/a?keyword=x&api_key=KEY1234&%74oken=TOK%2B5678&oauth_signature_method=HMAC-SHA1&p=pass1&s=salt1&t=tok1&apiKey=ak12'));
    expect(secrets).toEqual(expect.arrayContaining(['KEY1234', 'TOK%2B5678', 'TOK+5678', 'pass1', 'salt1', 'tok1', 'ak12']));
    expect(secrets).not.toContain('HMAC-SHA1');
    expect(secrets).not.toContain('x');
  });
  it('finds them in X-Moecat-UI, Authorization (OAuth, malformed or another scheme), Cookie and a form', () => {
    expect(secretsOf(request('/a', { 'x-moecat-ui': 'uitoken1' }))).toContain('uitoken1');
    expect(secretsOf(request('/a', { authorization: 'OAuth oauth_token="tok%2Fen1", oauth_signature_method="HMAC-SHA1", oauth_signature=sig1234' }))).toEqual(
      expect.arrayContaining(['tok%2Fen1', 'tok/en1', 'sig1234']),
    );
    expect(secretsOf(request('/a', { authorization: 'Bearer bearer99' }))).toContain('bearer99');
    expect(secretsOf(request('/a', { cookie: 'a=cookie11; b=cookie22' }))).toEqual(expect.arrayContaining(['cookie11', 'cookie22']));
    expect(secretsOf(request('/a', {}, { api_key: 'formkey1', name: 'Nobody' }))).toEqual(['formkey1']);
  });
  it('finds nothing in a request without credentials, and skips values too short to matter', () => {
    expect(secretsOf(request('/a?keyword=abc&page=2'))).toEqual([]);
    expect(secretsOf(request('/a?t=1&s=ab'))).toEqual([]);
  });
});

describe('blotted()', () => {
  it('replaces every occurrence, the longest secret first', () => {
    expect(blotted('key abcdef and abcdefgh, abcdef', ['abcdefgh', 'abcdef'])).toBe('key … and …, …');
  });
});
