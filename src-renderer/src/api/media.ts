// Audio and cover addresses for a page opened from another computer (docs/architecture.md, Security):
// there the server serves /files/… and /covers/… only with a credential, and `<audio>` and `<img>` send
// no header, so a signed-in browser appends its session's media pass (`mp`) to this server's media
// addresses. On this computer (the desktop window, a browser at 127.0.0.1) addresses stay as they are.
import { isDesktopWindow } from './session';
import { getFirstParty } from './client';

const MEDIA_PATH = /^\/(files|covers)\//;
let pass: string | null = null;

const onThisComputer = () => isDesktopWindow() || /^(127\.|localhost$|\[::1\]$)/.test(location.hostname);

/** Asks for the session's media pass when the page was opened from another computer (before the app mounts). */
export async function loadMediaPass(): Promise<void> {
  if (onThisComputer()) return;
  try {
    pass = (await getFirstParty<{ media_pass: string | null }>('app/media-pass.json')).media_pass;
  } catch {
    pass = null; // covers fall back to their tiles; the player says what it could not play
  }
}

/** `url` with the media pass when it names this server's audio or covers and the page needs one. */
export function mediaUrl(url: string): string {
  if (!pass || !url) return url;
  const parsed = new URL(url, location.href);
  if (parsed.origin !== location.origin || !MEDIA_PATH.test(parsed.pathname)) return url;
  parsed.searchParams.set('mp', pass);
  return parsed.href;
}
