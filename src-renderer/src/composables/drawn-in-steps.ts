// Long lists drawn in two steps: the first rows in the frame the list changes, the rest in the task
// after that frame, so what the window shows is painted without waiting for every row (On air's
// hundred-odd cards, forty search results). A list that only grows at its end ("load more") is drawn
// whole at once: its first rows are on screen already.
import { computed, onBeforeUnmount, ref, watch, type ComputedRef } from 'vue';

export function useDrawnInSteps<T>(items: () => readonly T[], first: number): ComputedRef<readonly T[]> {
  const whole = ref(true);
  let frame = 0;
  let task: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
  watch(
    items,
    (now, before) => {
      const grewAtEnd = before !== undefined && before.length > 0 && now.length >= before.length && now[0] === before[0];
      if (grewAtEnd || now.length <= first) return;
      cancel();
      whole.value = false;
      frame = requestAnimationFrame(() => (task = setTimeout(() => (whole.value = true))));
    },
    { immediate: true },
  );
  onBeforeUnmount(cancel);
  return computed(() => (whole.value ? items() : items().slice(0, first)));
}
