// The `Authorization: OAuth` header reader (RFC 5849 §3.5.1): what it accepts, and the clear 400 it
// gives for bad quoting, repeated names and parameters that do not belong there.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src-main/server/api-error';
import { isOAuthHeader, parseOAuthHeader } from '../../../../src-main/server/oauth/header';

function refusal(header: string): ApiError {
  try {
    parseOAuthHeader(header);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error(`accepted: ${header}`);
}

describe('isOAuthHeader()', () => {
  it('recognises the OAuth scheme in any case, and nothing else', () => {
    expect(isOAuthHeader('OAuth oauth_nonce="1"')).toBe(true);
    expect(isOAuthHeader('oauth oauth_nonce="1"')).toBe(true);
    expect(isOAuthHeader('OAuth')).toBe(true);
    expect(isOAuthHeader('Basic dXNlcjpwYXNz')).toBe(false);
    expect(isOAuthHeader('OAuthx a="1"')).toBe(false);
    expect(isOAuthHeader(undefined)).toBe(false);
  });
});

describe('parseOAuthHeader()', () => {
  it('reads the RFC §3.5.1 example: names and values decoded, realm left out, in order', () => {
    const header =
      'OAuth realm="Example",\n   oauth_consumer_key="0685bd9184jfhq22",\n   oauth_token="ad180jjd733klru7",\n   oauth_signature_method="HMAC-SHA1",\n   oauth_signature="wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D",\n   oauth_timestamp="137131200",\n   oauth_nonce="4572616e48616d6d65724c61686176",\n   oauth_version="1.0"';
    expect(parseOAuthHeader(header)).toEqual([
      ['oauth_consumer_key', '0685bd9184jfhq22'],
      ['oauth_token', 'ad180jjd733klru7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_signature', 'wOJIO9A2W5mFwDgiDvZbTSMK/PY='],
      ['oauth_timestamp', '137131200'],
      ['oauth_nonce', '4572616e48616d6d65724c61686176'],
      ['oauth_version', '1.0'],
    ]);
  });

  it('takes empty values, no space after commas, and a realm with escaped quotes', () => {
    expect(parseOAuthHeader('OAuth realm="a \\"b\\"",oauth_token="",oauth_nonce="x%20y"')).toEqual([
      ['oauth_token', ''],
      ['oauth_nonce', 'x y'],
    ]);
    expect(parseOAuthHeader('OAuth')).toEqual([]);
  });

  it.each([
    ['a value without quotes', 'OAuth oauth_nonce=abc, oauth_timestamp="1"'],
    ['an unclosed quote', 'OAuth oauth_nonce="abc, oauth_timestamp="1"'],
    ['a missing comma', 'OAuth oauth_nonce="abc" oauth_timestamp="1"'],
    ['a name without a value', 'OAuth oauth_nonce, oauth_timestamp="1"'],
    ['single quotes', "OAuth oauth_nonce='abc'"],
    ['a trailing comma', 'OAuth oauth_nonce="abc",'],
  ])('refuses %s with a 400 that says the header is malformed', (_what, header) => {
    const e = refusal(header);
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/Authorization header (is malformed|ends with a comma)/);
  });

  it('refuses a repeated parameter, naming it', () => {
    const e = refusal('OAuth oauth_nonce="a", oauth_nonce="b"');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/"oauth_nonce" is given more than once/);
  });

  it('refuses a parameter that is not an OAuth protocol parameter', () => {
    const e = refusal('OAuth oauth_nonce="a", page="2"');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/"page" is not an OAuth protocol parameter/);
  });

  it('refuses a value that is not valid percent-encoding', () => {
    const e = refusal('OAuth oauth_nonce="%E6%9D"');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/value of "oauth_nonce" is not valid percent-encoded/);
  });
});
