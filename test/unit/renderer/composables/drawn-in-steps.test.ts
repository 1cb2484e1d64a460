// @vitest-environment happy-dom
// A long list drawn in steps: the first rows at once, then as many again in each task after the next
// frame; a list that only grew at its end (load more) drawn whole at once; a short list never split.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, shallowRef } from 'vue';
import { useDrawnInSteps } from '../../../../src-renderer/src/composables/drawn-in-steps';

const afterFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 5)));
/** The next frame, then the task the first step after it runs in. */
const firstStep = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
const nextStep = () => new Promise((done) => setTimeout(done));

function harness(start: number[]) {
  const items = shallowRef(start);
  let drawn: { value: readonly number[] } = { value: [] };
  const wrapper = mount(
    defineComponent({
      setup() {
        drawn = useDrawnInSteps(() => items.value, 3);
        return () =>
          h(
            'ol',
            drawn.value.map((n) => h('li', String(n))),
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
});
