// Long lists drawn in steps: the first rows in the frame the list changes, then as many again in each
// task after that frame until every row is drawn, so what the window shows is painted without waiting
// for every row (On air's hundred-odd cards, forty search results), and no step holds the page's
// thread long: a key typed or a click meanwhile is taken between two steps. Drawn whole at once:
// - a list whose rows are all on screen already (by `keyOf`): the same rows sorted or filtered anew, or
//   made again as the minute turns (a clock's change, a filter), are moved and updated, not made;
// - a list that only grows at its end ("load more"): its first rows are on screen already;
// - a list no longer than a step.
// A list that changes with every key typed can wait for a quiet moment before drawing its rest.
import { computed, onBeforeUnmount, onMounted, ref, watch, type ComputedRef, type Ref } from 'vue';

export function useDrawnInSteps<T>(
  items: () => readonly T[],
  step: number,
  keyOf: (item: T) => unknown = (item) => item,
  /**
   * Draws the rows after the first step only once the list has stayed the same this long (ms), not in
   * the frame after it: a list that changes with every key typed (a search's results) draws only what
   * the window shows while the keys come, and the rest once they stop.
   */
  quiet = 0,
): ComputedRef<readonly T[]> {
  /** How many rows are drawn; Infinity once they all are. */
  const drawn = ref(Infinity);
  let frame = 0;
  let task: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
  const drawMore = () => {
    task = setTimeout(() => {
      drawn.value = drawn.value + step >= items().length ? Infinity : drawn.value + step;
      if (drawn.value !== Infinity) drawMore();
    });
  };
  /** Whether every row of `now` is among the rows of `before` on screen. */
  const allOnScreen = (now: readonly T[], before: readonly T[]) => {
    const shown = new Set((drawn.value === Infinity ? before : before.slice(0, drawn.value)).map(keyOf));
    return now.every((item) => shown.has(keyOf(item)));
  };
  watch(
    items,
    (now, before) => {
      const grewAtEnd = before !== undefined && before.length > 0 && now.length >= before.length && now[0] === before[0];
      if (grewAtEnd) return;
      cancel();
      if (now.length <= step || (before !== undefined && allOnScreen(now, before))) {
        drawn.value = Infinity;
        return;
      }
      drawn.value = step;
      if (quiet > 0) task = setTimeout(() => (frame = requestAnimationFrame(drawMore)), quiet);
      else frame = requestAnimationFrame(drawMore);
    },
    { immediate: true },
  );
  onBeforeUnmount(cancel);
  return computed(() => (drawn.value === Infinity ? items() : items().slice(0, drawn.value)));
}

/**
 * Whether a component's later parts are drawn: false until the page's next frame (after `ready` settles,
 * when given), true from a task after that frame. A page whose parts together would hold the thread
 * long paints its first parts first, and no more work lands between them and their frame.
 */
export function useDrawnAfterFrame(ready?: () => Promise<unknown>): Readonly<Ref<boolean>> {
  const drawn = ref(false);
  let task: ReturnType<typeof setTimeout> | undefined;
  let gone = false;
  let frame = 0;
  const draw = () => {
    if (!gone) frame = requestAnimationFrame(() => (task = setTimeout(() => (drawn.value = true))));
  };
  onMounted(() => {
    if (ready)
      void ready()
        .catch(() => undefined)
        .then(draw);
    else draw();
  });
  onBeforeUnmount(() => {
    gone = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
  });
  return drawn;
}
