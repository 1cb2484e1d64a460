// Long lists drawn in steps: the first rows in the frame the list changes, then as many again in each
// task after that frame until every row is drawn, so what the window shows is painted without waiting
// for every row (On air's hundred-odd cards, forty search results), and no step holds the page's
// thread long: a key typed or a click meanwhile is taken between two steps. Drawn whole at once:
// - a list whose rows are all on screen already (by `keyOf`): the same rows sorted or filtered anew, or
//   made again as the minute turns (a clock's change, a filter), are moved and updated, not made;
// - a list that only grows at its end ("load more"): its first rows are on screen already;
// - a list no longer than a step.
// A list that changes with every key typed can wait for a quiet moment before drawing its rest. A list
// drawn as the page returns to a place down it (back, forward, a reload) is drawn whole at once: the
// router scrolls there as the page is drawn, and a page drawn in steps is not yet tall enough.
import { computed, onBeforeUnmount, onMounted, ref, watch, type ComputedRef, type Ref } from 'vue';

/** Whether the page is being drawn for a return to a place down it: its history entry holds where. */
const returningDownThePage = () => ((history.state as { scroll?: { top?: number } } | null)?.scroll?.top ?? 0) > 0;

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
      if (now.length <= step || (before !== undefined && allOnScreen(now, before)) || (before === undefined && returningDownThePage())) {
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
 * when given), true from a task after that frame (in a hidden page, which draws no frames, from the
 * next task). A page whose parts together would hold the thread long paints its first parts first, and
 * no more work lands between them and their frame. A page drawn for a return to a place down it is
 * drawn whole at once, as its lists are.
 */
export function useDrawnAfterFrame(ready?: () => Promise<unknown>): Readonly<Ref<boolean>> {
  const drawn = ref(returningDownThePage());
  if (drawn.value) return drawn;
  let task: ReturnType<typeof setTimeout> | undefined;
  let gone = false;
  let frame = 0;
  const show = () => (task = setTimeout(() => (drawn.value = true)));
  // A hidden page draws no frames: there, the task alone.
  const draw = () => {
    if (gone) return;
    if (document.visibilityState === 'hidden') show();
    else frame = requestAnimationFrame(show);
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
