// RFC 5849 signatures against the RFC's own published examples: the §3.4.1 base string, §3.4.1.2 base
// string URIs, §3.4.1.3.2 normalization, §3.6 encoding, and the §1.2 three-legged flow, whose
// Authorization headers are parsed and re-signed here exactly as the server does.
import { describe, expect, it } from 'vitest';
import { parseOAuthHeader } from '../../../../src-main/server/oauth/header';
import { baseStringUri, hmacSha1Signature, normalizeParameters, percentEncode, signatureBaseString } from '../../../../src-main/server/oauth/signature';

/** The §3.1 / §3.4.1 request: `POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b`, body `c2&a3=2+q`, decoded as the RFC's table lists. */
const RFC_3_4_1_PARAMS: [string, string][] = [
  ['b5', '=%3D'],
  ['a3', 'a'],
  ['c@', ''],
  ['a2', 'r b'],
  ['oauth_consumer_key', '9djdj82h48djs9d2'],
  ['oauth_token', 'kkk9d7dh3k39sjv7'],
  ['oauth_signature_method', 'HMAC-SHA1'],
  ['oauth_timestamp', '137131201'],
  ['oauth_nonce', '7d8f3e4a'],
  ['c2', ''],
  ['a3', '2 q'],
];

// Line breaks of the RFC's display removed.
const RFC_3_4_1_1_BASE_STRING =
  'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q' +
  '%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_' +
  'key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m' +
  'ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk' +
  '9d7dh3k39sjv7';

describe('percentEncode() (RFC 5849 §3.6)', () => {
  it('leaves only ALPHA, DIGIT and -._~ as they are, with upper-case hex', () => {
    expect(percentEncode('AZaz09-._~')).toBe('AZaz09-._~');
    expect(percentEncode("!*'() +=&/?#@")).toBe('%21%2A%27%28%29%20%2B%3D%26%2F%3F%23%40');
    expect(percentEncode('東方 é')).toBe('%E6%9D%B1%E6%96%B9%20%C3%A9');
  });
});

describe('baseStringUri() (RFC 5849 §3.4.1.2)', () => {
  it('lower-cases scheme and host and drops the default port, as the RFC examples show', () => {
    expect(baseStringUri('http', 'EXAMPLE.COM:80', '/r%20v/X?id=123')).toBe('http://example.com/r%20v/X');
    expect(baseStringUri('https', 'www.example.net:8080', '/?q=1')).toBe('https://www.example.net:8080/');
  });

  it('keeps a port that is not the default for the scheme', () => {
    expect(baseStringUri('http', '127.0.0.1:41234', '/oauth/request_token')).toBe('http://127.0.0.1:41234/oauth/request_token');
    expect(baseStringUri('https', 'example.com:80', '/')).toBe('https://example.com:80/');
    expect(baseStringUri('http', '[::1]:80', '/x')).toBe('http://[::1]/x');
  });
});

describe('normalizeParameters() (RFC 5849 §3.4.1.3.2)', () => {
  it('encodes, sorts by name then value, and joins the RFC example as printed', () => {
    expect(normalizeParameters(RFC_3_4_1_PARAMS)).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
  });
});

describe('signatureBaseString() (RFC 5849 §3.4.1.1)', () => {
  it('builds the RFC example base string exactly', () => {
    expect(signatureBaseString('POST', baseStringUri('http', 'example.com', '/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b'), RFC_3_4_1_PARAMS)).toBe(
      RFC_3_4_1_1_BASE_STRING,
    );
  });

  it('upper-cases the method', () => {
    expect(signatureBaseString('get', 'http://example.com/', [])).toBe('GET&http%3A%2F%2Fexample.com%2F&');
  });
});

describe('hmacSha1Signature() (RFC 5849 §3.4.2)', () => {
  it('signs the §3.1 base string with the §3.1 client and token secrets', () => {
    // The value printed in §3.1 (bYT5CMsGcbgUdFHObYMEfcx6bsw=) does not follow from the example's own
    // base string and secrets; this is the HMAC-SHA1 of exactly those inputs.
    expect(hmacSha1Signature(RFC_3_4_1_1_BASE_STRING, 'j49sk3j29djd', 'dh893hdasih9')).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });

  it('keys with the encoded secrets joined by "&" even when the token secret is empty', () => {
    const base = 'GET&x&';
    expect(hmacSha1Signature(base, 'a&b', '')).not.toBe(hmacSha1Signature(base, 'a', 'b'));
    expect(hmacSha1Signature(base, 'kd94hf93k423kf44')).toBe(hmacSha1Signature(base, 'kd94hf93k423kf44', ''));
  });
});

describe('the RFC 5849 §1.2 example, header to signature', () => {
  const CLIENT_SECRET = 'kd94hf93k423kf44';
  // Each request of §1.2: method, URL as the client saw it, its Authorization header (one line), and
  // the token secret it is signed with.
  const steps = [
    {
      name: 'temporary credentials (POST /initiate)',
      method: 'POST',
      scheme: 'https',
      path: '/initiate',
      query: [] as [string, string][],
      header:
        'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131200", oauth_nonce="wIjqoS", oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready", oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"',
      tokenSecret: '',
    },
    {
      name: 'token credentials (POST /token)',
      method: 'POST',
      scheme: 'https',
      path: '/token',
      query: [] as [string, string][],
      header:
        'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="hh5s93j4hdidpola", oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="walatlh", oauth_verifier="hfdp7dh39dks9884", oauth_signature="gKgrFCywp7rO0OXSjdot%2FIHF7IU%3D"',
      tokenSecret: 'hdhd0244k9j7ao03',
    },
    {
      name: 'protected resource (GET /photos)',
      method: 'GET',
      scheme: 'http',
      path: '/photos?file=vacation.jpg&size=original',
      query: [
        ['file', 'vacation.jpg'],
        ['size', 'original'],
      ] as [string, string][],
      header:
        'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"',
      tokenSecret: 'pfkkdhi9sl3r4s00',
    },
  ];

  it.each(steps)('reproduces the signature of the $name request', ({ method, scheme, path, query, header, tokenSecret }) => {
    const params = parseOAuthHeader(header);
    const sent = params.find(([n]) => n === 'oauth_signature')![1];
    const signed = [...params.filter(([n]) => n !== 'oauth_signature'), ...query];
    const base = signatureBaseString(method, baseStringUri(scheme, 'photos.example.net', path), signed);
    expect(hmacSha1Signature(base, CLIENT_SECRET, tokenSecret)).toBe(sent);
  });

  it('a changed parameter, secret or URL gives another signature', () => {
    const { header, tokenSecret, path } = steps[2];
    const params = parseOAuthHeader(header).filter(([n]) => n !== 'oauth_signature');
    const sign = (p: [string, string][], secret: string, uri: string) => hmacSha1Signature(signatureBaseString('GET', uri, p), CLIENT_SECRET, secret);
    const good = sign([...params, ['file', 'vacation.jpg'], ['size', 'original']], tokenSecret, baseStringUri('http', 'photos.example.net', path));
    expect(good).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    expect(sign([...params, ['file', 'vacation.jpg'], ['size', 'small']], tokenSecret, baseStringUri('http', 'photos.example.net', path))).not.toBe(good);
    expect(sign([...params, ['file', 'vacation.jpg'], ['size', 'original']], 'wrong', baseStringUri('http', 'photos.example.net', path))).not.toBe(good);
    expect(sign([...params, ['file', 'vacation.jpg'], ['size', 'original']], tokenSecret, baseStringUri('https', 'photos.example.net', path))).not.toBe(good);
  });
});
