// A reactive CSS media query (e.g. the on-air week's narrow layout), following window resizes.
import { onBeforeUnmount, ref, type Ref } from 'vue';

export function useMediaQuery(query: string): Ref<boolean> {
  const list = window.matchMedia(query);
  const matches = ref(list.matches);
  const update = (e: MediaQueryListEvent) => (matches.value = e.matches);
  list.addEventListener('change', update);
  onBeforeUnmount(() => list.removeEventListener('change', update));
  return matches;
}
