// Audio and cover addresses for a page opened from another computer (docs/architecture.md, Security):
// there the server serves /files/… and /covers/… only with a credential, and `<audio>` and `<img>` send
// no header, so a signed-in browser appends its session's media pass (`mp`, asked for by api/media.ts
// before the app mounts) to this server's media addresses. On this computer addresses stay as they are.
const MEDIA_PATH = /^\/(files|covers)\//;
let pass: string | null = null;

/** The pass to append from now on (null: none). */
export function setMediaPass(value: string | null): void {
  pass = value;
}

/** `url` with the media pass when it names this server's audio or covers and the page has one. */
export function mediaUrl(url: string): string {
  if (!pass || !url) return url;
  const parsed = new URL(url, location.href);
  if (parsed.origin !== location.origin || !MEDIA_PATH.test(parsed.pathname)) return url;
  parsed.searchParams.set('mp', pass);
  return parsed.href;
}
