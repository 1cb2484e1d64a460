// RFC 5849 signatures, as pure functions: percent-encoding (§3.6), the normalized request parameters
// (§3.4.1.3.2), the base string URI (§3.4.1.2), the signature base string (§3.4.1.1) and HMAC-SHA1
// (§3.4.2). verify.ts feeds them what a request carried.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** §3.6: every byte but ALPHA, DIGIT, '-', '.', '_', '~' as %XX (upper case) of its UTF-8. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * §3.4.1.2: scheme and host in lower case, the port only when it is not the scheme's default, then the
 * path as sent (no query, no fragment). `host` is the Host header as the client sent it.
 */
export function baseStringUri(scheme: string, host: string, path: string): string {
  const s = scheme.toLowerCase();
  const defaultPort = s === 'https' ? '443' : s === 'http' ? '80' : undefined;
  let h = host.toLowerCase();
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(h);
  if (m && m[2] !== undefined && m[2] === defaultPort) h = m[1];
  return `${s}://${h}${path.split(/[?#]/)[0]}`;
}

/** §3.4.1.3.2: each name and value encoded, sorted by name then value (byte order), joined with '&'. */
export function normalizeParameters(pairs: readonly (readonly [string, string])[]): string {
  return pairs
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * §3.4.1.1: METHOD&encoded base string URI&encoded normalized parameters. `pairs` are every parameter
 * of the request (query, form body and Authorization header) except `realm` and `oauth_signature`.
 */
export function signatureBaseString(method: string, uri: string, pairs: readonly (readonly [string, string])[]): string {
  return `${method.toUpperCase()}&${percentEncode(uri)}&${percentEncode(normalizeParameters(pairs))}`;
}

/** §3.4.2: base64 of HMAC-SHA1 over the base string, keyed by the encoded secrets joined with '&'. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(baseString)
    .digest('base64');
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
