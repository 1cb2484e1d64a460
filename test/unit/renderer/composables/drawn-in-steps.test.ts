// @vitest-environment happy-dom
// A long list drawn in steps: the first rows at once, then as many again in each task after the next
// frame; drawn whole at once: a list whose rows are all on screen already (by key), a list that only grew
// at its end (load more), a short list; with a quiet time, the rest once the list stays the same.
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, shallowRef } from 'vue';
import { useDrawnInSteps } from '../../../../src-renderer/src/composables/drawn-in-steps';

const afterFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 5)));
/** The next frame, then the task the first step after it runs in. */
const firstStep = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
const nextStep = () => new Promise((done) => setTimeout(done));

/** A list of rows drawn in steps of three; each row shows its number (`label`). */
function harness<T>(start: T[], keyOf?: (item: T) => unknown, label: (item: T) => number = Number, quiet?: number) {
  const items = shallowRef(start);
  const wrapper = mount(
    defineComponent({
      setup() {
        const drawn = useDrawnInSteps(() => items.value, 3, keyOf, quiet);
        return () =>
          h(
            'ol',
            drawn.value.map((item) => h('li', String(label(item)))),
          );
      },
    }),
  );
  return { items, wrapper, shown: () => wrapper.findAll('li').map((li) => Number(li.text())) };
}

describe('useDrawnInSteps', () => {
  it('draws the first rows, then all of them after the next frame', async () => {
    const { shown } = harness([1, 2, 3, 4, 5]);
    expect(shown()).toEqual([1, 2, 3]);
    await afterFrame();
    expect(shown()).toEqual([1, 2, 3, 4, 5]);
  });

  it('draws a long list as many rows more in each task, one task after another', async () => {
    const { shown, wrapper } = harness(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(shown()).toHaveLength(3);
    await firstStep();
    await wrapper.vm.$nextTick();
    expect(shown()).toHaveLength(6);
    await nextStep();
    await wrapper.vm.$nextTick();
    expect(shown()).toHaveLength(9);
    await nextStep();
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('starts again from the first rows for a new list while an older one is still being drawn', async () => {
    const { items, shown, wrapper } = harness(Array.from({ length: 10 }, (_, i) => i + 1));
    await firstStep();
    items.value = [20, 21, 22, 23, 24];
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([20, 21, 22]);
    await afterFrame();
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([20, 21, 22, 23, 24]);
  });

  it('splits again for a new list, but not for one that grew at its end, nor a short one', async () => {
    const { items, wrapper, shown } = harness([1, 2]);
    expect(shown()).toEqual([1, 2]);
    items.value = [7, 8, 9, 10];
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([7, 8, 9]);
    await afterFrame();
    items.value = [...items.value, 11, 12];
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it('draws at once a list whose rows are all on screen already: sorted anew, filtered, or made again', async () => {
    const { items, wrapper, shown } = harness(
      Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })),
      (item) => item.id,
      (item) => item.id,
    );
    await afterFrame();
    await afterFrame();
    await afterFrame();
    expect(shown()).toHaveLength(10);
    // New objects for the same rows, in another order (a clock's change): all of them at once.
    items.value = items.value.map((item) => ({ id: item.id })).reverse();
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    // Some of them (a filter): at once.
    items.value = items.value.filter((item) => item.id % 2 === 0);
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([10, 8, 6, 4, 2]);
    // Rows that were not on screen: in steps again.
    items.value = [11, 12, 13, 14, 15].map((id) => ({ id }));
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([11, 12, 13]);
    // While only those three are drawn, a list of them and one more not drawn yet: in steps.
    items.value = [11, 12, 13, 14].map((id) => ({ id }));
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([11, 12, 13]);
    await afterFrame();
    await wrapper.vm.$nextTick();
    expect(shown()).toEqual([11, 12, 13, 14]);
  });
});

describe('useDrawnInSteps on a return to a place down the page', () => {
  afterEach(() => history.replaceState(null, ''));

  it('draws the whole list at once when the history entry holds a place down the page, and in steps at its top', () => {
    history.replaceState({ scroll: { left: 0, top: 600 } }, '');
    expect(harness([1, 2, 3, 4, 5], undefined, Number, 400).shown()).toEqual([1, 2, 3, 4, 5]);
    history.replaceState({ scroll: { left: 0, top: 0 } }, '');
    expect(harness([1, 2, 3, 4, 5], undefined, Number, 400).shown()).toEqual([1, 2, 3]);
  });
});

describe('useDrawnInSteps with a quiet time', () => {
  afterEach(() => void vi.useRealTimers());

  it('draws the rest of a list only once it has stayed the same that long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const { items, shown } = harness([1, 2, 3, 4, 5, 6, 7], undefined, Number, 400);
    expect(shown()).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(300);
    expect(shown()).toEqual([1, 2, 3]);
    // A new list within the quiet time: its first rows at once, and the wait starts again.
    items.value = [11, 12, 13, 14, 15, 16, 17];
    await nextTick();
    expect(shown()).toEqual([11, 12, 13]);
    await vi.advanceTimersByTimeAsync(300);
    expect(shown()).toEqual([11, 12, 13]);
    await vi.advanceTimersByTimeAsync(200);
    expect(shown()).toEqual([11, 12, 13, 14, 15, 16, 17]);
  });
});
