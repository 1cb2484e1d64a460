// The player's keyboard shortcuts, active on every page: Space or K play/pause, J/L or Shift+←/→ seek
// 10 s, N/P next/previous. Keys typed into a field, or aimed at a focused control that already
// answers them (a button's Space, a slider's arrows), are left alone.
import { onBeforeUnmount, onMounted } from 'vue';
import type { usePlayerStore } from '../stores/player';

export const SEEK_STEP = 10;

/** Elements whose own keyboard handling wins over the shortcuts. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="textbox"], [role="combobox"], [role="listbox"], [role="menu"], [role="menuitem"]';

export function usePlayerKeys(player: ReturnType<typeof usePlayerStore>): void {
  function onKey(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    const typing = target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') != null;
    if (typing) return;
    const onControl = target?.closest(OWN_KEYS) != null;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    let act: (() => void) | undefined;
    if ((key === ' ' && !onControl) || key === 'k') act = player.toggle;
    else if (key === 'j' || (event.shiftKey && key === 'ArrowLeft' && !onControl)) act = () => player.seekBy(-SEEK_STEP);
    else if (key === 'l' || (event.shiftKey && key === 'ArrowRight' && !onControl)) act = () => player.seekBy(SEEK_STEP);
    else if (key === 'n') act = player.next;
    else if (key === 'p') act = player.previous;
    if (!act || !player.current) return;
    event.preventDefault();
    act();
  }
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
