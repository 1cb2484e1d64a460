// A notice a store shows for a while (the player's skipped track, a heart the server refused): a newer
// one replaces the older at once and gets the whole time again. Each carries its own id, so a view
// keyed on it redraws — and a screen reader hears — a notice that says the same as the one before.
import { shallowRef } from 'vue';

export function timedNotice<N extends { id: number }>(ms: number) {
  const notice = shallowRef<N | null>(null);
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Shows `content` for `forMs` (the notice's usual time unless said). */
  function show(content: Omit<N, 'id'>, forMs = ms): void {
    notice.value = { ...content, id: ++count } as N;
    clearTimeout(timer);
    timer = setTimeout(() => (notice.value = null), forMs);
  }

  function dismiss(): void {
    clearTimeout(timer);
    notice.value = null;
  }

  return { notice, show, dismiss };
}
