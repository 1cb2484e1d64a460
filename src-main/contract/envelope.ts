// The response envelope shared by every operation and error.

export interface Information {
  /** Every query parameter as sent, decoded, as strings; credentials left out. */
  parameters: Record<string, string>;
  msg: string[];
  has_error: boolean;
  /** Path and query as received, credentials removed. */
  request: string;
  page?: number;
  perpage?: number;
  count?: number;
  /** A playlist: how many items this page holds. */
  item_count?: number;
  /** A playlist: whether another page may follow, and its address (without credentials: add your own). */
  may_have_next?: boolean;
  next_url?: string;
  /** A search: the respelled keyword the results are for, when the one sent found nothing. */
  keyword_used?: string;
  /** On-air: `onair_<n>_count` for each requested weekday. */
  [onAirCount: `onair_${number}_count`]: number;
  /** Moecat's extension: 0 on success, else the HTTP status (some clients require `error == 0`). */
  error: number;
}

export interface Envelope<P extends object = object> {
  response: { information: Information } & P;
}

export type ApiFormat = 'json' | 'xml';

/**
 * Parameters that are credentials, never echoed back: the API key, a calendar feed's or a sign-in link's
 * `token`, OAuth's, and the Subsonic API's (`apiKey`; `p` password, `t` token, `s` salt) that clients of
 * that API may send along; and the Subsonic password Settings sets (`password`).
 */
const CREDENTIALS = new Set(['api_key', 'token', 'apiKey', 'p', 't', 's', 'password']);

export function isCredential(name: string): boolean {
  return CREDENTIALS.has(name) || name.startsWith('oauth_');
}
