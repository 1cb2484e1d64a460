// No answer echoes a credential the request carried (docs/api.md, "The envelope"). The envelope echoes
// the query and the path (`information.parameters`, `request`) and messages quote what was wrong; the
// query's credentials are left out by name (query.ts), a path's `name=value` pieces naming one are cut
// here, and whatever credential value the request carried — in the query, the headers or a form — is
// then blotted out of anything the envelope echoes, wherever a message happened to quote it.
import type { FastifyRequest } from 'fastify';
import { isCredential } from '../contract/envelope';

/** OAuth protocol parameters that are no secret: what they hold may be named in a message. */
const NOT_SECRET = new Set(['oauth_signature_method', 'oauth_version', 'oauth_timestamp', 'oauth_callback', 'realm']);
const isSecret = (name: string) => isCredential(name) && !NOT_SECRET.has(name);

/** Headers whose whole value is a secret: the UI's authority. */
const SECRET_HEADERS = ['x-moecat-ui'];
/** What a credential's value is replaced with. */
export const BLOTTED = '…';
/** Shorter values are not looked for: blotting them would garble the messages and hide nothing. */
const MIN_SECRET_LENGTH = 4;

/** `%XX` of ASCII characters decoded, leniently (a bad escape stays as it is), to see names through encoding. */
const asciiDecoded = (text: string) => text.replace(/%([0-7][0-9a-f])/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function lenientDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return asciiDecoded(text.replace(/\+/g, ' '));
  }
}

// A `name=value` piece of a path naming a credential, after `/ ; ? &` or at the start of a segment.
const CREDENTIAL_PIECE = /(?:^|[/;?&])([A-Za-z_][A-Za-z0-9_]*)=/g;

function holdsCredential(segment: string): boolean {
  // Twice: a client that encoded an address once too often.
  const decoded = asciiDecoded(asciiDecoded(segment));
  if (!decoded.includes('=')) return false;
  for (const m of decoded.matchAll(CREDENTIAL_PIECE)) if (isCredential(m[1])) return true;
  return false;
}

/**
 * The path as it may be echoed: a segment holding a credential as `name=value` (a matrix parameter, a
 * query encoded into the path) is replaced by `…`.
 */
export function echoablePath(path: string): string {
  if (!path.includes('=') && !/%(?:25)*3d/i.test(path)) return path;
  return path
    .split('/')
    .map((segment) => (holdsCredential(segment) ? BLOTTED : segment))
    .join('/');
}

function headerValues(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** Every credential value the request carries, as sent and decoded: the query's, the headers', a form's. */
export function secretsOf(request: Pick<FastifyRequest, 'url' | 'headers' | 'body'>): string[] {
  const secrets = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    for (const form of [value, lenientDecode(value)]) if (form.length >= MIN_SECRET_LENGTH) secrets.add(form);
  };
  const q = request.url.indexOf('?');
  if (q !== -1) {
    for (const pair of request.url.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=');
      if (eq !== -1 && isSecret(lenientDecode(pair.slice(0, eq)))) add(pair.slice(eq + 1));
    }
  }
  for (const name of SECRET_HEADERS) headerValues(request.headers[name]).forEach(add);
  for (const header of headerValues(request.headers.authorization)) {
    const [scheme, ...rest] = header.trim().split(/\s+/);
    if (!/^OAuth$/i.test(scheme ?? '')) {
      add(rest.join(' ')); // a bearer token, basic credentials, whatever another scheme holds
      continue;
    }
    // name="value" pairs, and the unquoted values of a malformed one.
    for (const m of header.matchAll(/([^\s=,"]+)\s*=\s*(?:"([^"]*)"?|([^\s,"]*))/g)) if (isSecret(lenientDecode(m[1]))) add(m[2] ?? m[3]);
  }
  for (const header of headerValues(request.headers.cookie)) {
    for (const crumb of header.split(';')) add(crumb.slice(crumb.indexOf('=') + 1).trim());
  }
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) if (isSecret(name)) add(value);
  }
  // The longest first, so a value is blotted whole before any part of it.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** `text` with every one of `secrets` blotted out. */
export function blotted(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(BLOTTED);
  return out;
}
