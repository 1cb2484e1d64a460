// The signed-in browser's media pass (composables/media-url.ts), asked for before the app mounts when
// the page was opened from another computer; on this computer none is needed.
import { setMediaPass } from '../composables/media-url';
import { getFirstParty } from './client';
import { isDesktopWindow } from './session';

const onThisComputer = () => isDesktopWindow() || /^(127\.|localhost$|\[::1\]$)/.test(location.hostname);

export async function loadMediaPass(): Promise<void> {
  if (onThisComputer()) return;
  try {
    setMediaPass((await getFirstParty<{ media_pass: string | null }>('app/media-pass.json')).media_pass);
  } catch {
    setMediaPass(null); // covers fall back to their tiles; the player says what it could not play
  }
}
