// Reads an `Authorization: OAuth …` header (RFC 5849 §3.5.1): `name="value"` pairs separated by commas
// and optional whitespace, names and values percent-encoded, `realm` (a quoted string) ignored. Anything
// else — a value without quotes, an unclosed quote, a repeated name, a name that is not a protocol
// parameter — is refused with a 400 saying what is wrong, before anything is looked up.
import { ApiError, badParameter } from '../api-error';

const SCHEME = /^OAuth(?=\s|$)/i;
// One pair: a name, '=', a double-quoted value (backslash escapes only matter in realm), then ',' or the end.
const PAIR = /\s*([^\s=,"]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;

/** True when the header names the OAuth scheme (other schemes are not ours to read). */
export function isOAuthHeader(header: string | undefined): header is string {
  return header !== undefined && SCHEME.test(header.trimStart());
}

function decode(raw: string, what: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError('BAD_PARAMETER', `The Authorization header's ${what} is not valid percent-encoded UTF-8.`);
  }
}

/** The protocol parameters of an OAuth Authorization header, in order, realm left out. */
export function parseOAuthHeader(header: string): [string, string][] {
  const text = header.trim().replace(SCHEME, '');
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  let at = 0;
  while (at < text.length) {
    PAIR.lastIndex = at;
    const m = PAIR.exec(text);
    if (!m) {
      // Only a parameter's name is quoted: what follows it is a signature, a token or a nonce.
      const name = /^([A-Za-z0-9_.~%-]{1,40})\s*=/.exec(text.slice(at).trimStart())?.[1];
      const where = name ? `near "${name}"` : `at character ${at + 1}`;
      throw new ApiError(
        'BAD_PARAMETER',
        `The Authorization header is malformed ${where}: each parameter must be name="percent-encoded value", separated by commas.`,
      );
    }
    at = PAIR.lastIndex;
    const name = decode(m[1], 'parameter name');
    if (seen.has(name)) throw badParameter(name, 'is given more than once in the Authorization header');
    seen.add(name);
    if (name === 'realm') continue;
    if (!name.startsWith('oauth_'))
      throw badParameter(name, 'is not an OAuth protocol parameter: only oauth_* parameters (and realm) belong in the Authorization header');
    pairs.push([name, decode(m[2], `value of "${name}"`)]);
    // A trailing comma with nothing after it is as malformed as a missing one.
    if (at === text.length && m[0].endsWith(',')) throw new ApiError('BAD_PARAMETER', 'The Authorization header ends with a comma.');
  }
  return pairs;
}
