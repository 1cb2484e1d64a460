// While a panel opens over the page from a bar that stays (the player bar's queue and lyrics), the page
// behind it is out of reach: its siblings in the shell are inert — no focus, no pointer, not read out —
// as behind a dialog, so nothing half under the panel is a target, and a press anywhere outside the bar
// closes the panel (a press on inert content reaches the document, not the content).
import { onBeforeUnmount, watch, type Ref } from 'vue';

export function useInertBehind(open: Ref<boolean>, bar: Ref<HTMLElement | undefined>, close: () => void): void {
  function setInert(on: boolean): void {
    const keep = bar.value;
    for (const sibling of keep?.parentElement?.children ?? []) {
      if (sibling !== keep && sibling instanceof HTMLElement) sibling.inert = on;
    }
  }

  function onPress(event: PointerEvent): void {
    if (!(event.target instanceof Node && bar.value?.contains(event.target))) close();
  }

  watch(open, (on) => {
    setInert(on);
    if (on) document.addEventListener('pointerdown', onPress);
    else document.removeEventListener('pointerdown', onPress);
  });

  onBeforeUnmount(() => {
    setInert(false);
    document.removeEventListener('pointerdown', onPress);
  });
}
