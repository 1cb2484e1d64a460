// Fetching on a remote's word without reaching anywhere else (DESIGN.md §5): a URL a synced remote
// gave (its answers, its audio, its covers) is fetched only on that remote's own origin — the scheme,
// host and port of the server the sync came from — and every redirect is followed by hand, each hop
// held to the same origin. So a remote cannot point Moecat at another service on the user's machine or
// network, neither directly nor through a redirect.

/** A URL or a redirect that leaves the remote's origin; nothing was fetched from there. */
export class ForeignOriginError extends Error {
  override name = 'ForeignOriginError';
}

const MAX_REDIRECTS = 5;

/** The origin of a URL (`http://host:port`), or undefined when it is not an http(s) URL. */
export function httpOriginOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `url` is an http(s) URL on `origin`. */
export function isOnOrigin(url: string, origin: string): boolean {
  return httpOriginOf(url) === origin;
}

/**
 * fetch() of `url`, which must be on `origin`, following at most MAX_REDIRECTS redirects that stay on
 * it; throws ForeignOriginError for a URL or a hop elsewhere (a redirect without a Location is answered
 * as it is). The caller's `init.redirect` is ignored: redirects are always followed here.
 */
export async function fetchOnOrigin(url: string, origin: string, init: RequestInit = {}, doFetch: typeof fetch = fetch): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    if (!isOnOrigin(current, origin)) {
      throw new ForeignOriginError(hop === 0 ? `${current} is not on ${origin}, the server this came from.` : `${origin} redirected to ${httpOriginOf(current) ?? 'another place'}, which is not the server this came from.`);
    }
    const res = await doFetch(current, { ...init, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new ForeignOriginError(`${origin} redirected more than ${MAX_REDIRECTS} times.`);
    try {
      current = new URL(location, current).toString();
    } catch {
      throw new ForeignOriginError(`${origin} redirected to something that is not a URL.`);
    }
  }
}
