// @vitest-environment happy-dom
// A page's later parts, drawn a task after the one that mounts the page (after what it waits for, when
// it waits), and never for a page gone before their turn.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { useDrawnNextTask } from '../../../../src-renderer/src/composables/drawn-in-steps';

const nextStep = () => new Promise((done) => setTimeout(done));

describe('useDrawnNextTask', () => {
  /** A page whose later part (`<aside>`) is drawn once `useDrawnNextTask` says so (`drawn`). */
  const page = (ready?: () => Promise<unknown>) => {
    const drawn: { value: boolean }[] = [];
    const wrapper = mount(
      defineComponent({
        setup() {
          const later = useDrawnNextTask(ready);
          drawn.push(later);
          return () => h('div', [h('h1', 'Page'), later.value ? h('aside', 'Later') : null]);
        },
      }),
    );
    return Object.assign(wrapper, { drawn: () => drawn[0].value });
  };

  /** Whether the later part is drawn after one more task. */
  const laterAfterATask = async (wrapper: ReturnType<typeof page>) => {
    await nextStep();
    await nextTick();
    return wrapper.find('aside').exists();
  };

  it('draws the later parts in a task after the one that mounts the page', async () => {
    const wrapper = page();
    await nextTick();
    expect(wrapper.find('aside').exists()).toBe(false);
    expect(await laterAfterATask(wrapper)).toBe(true);
  });

  it('waits for what the page is ready after, even when it fails, then one task more', async () => {
    let fail!: (e: Error) => void;
    const wrapper = page(() => new Promise((_, no) => (fail = no)));
    expect(await laterAfterATask(wrapper)).toBe(false);
    fail(new Error('refused'));
    await Promise.resolve();
    await nextTick();
    expect(wrapper.find('aside').exists()).toBe(false);
    expect(await laterAfterATask(wrapper)).toBe(true);
  });

  it('draws nothing more for a page gone before its turn', async () => {
    let ready!: () => void;
    const pages = [page(), page(() => new Promise<void>((ok) => (ready = ok)))];
    for (const p of pages) p.unmount();
    ready();
    await nextStep();
    await nextStep();
    expect(pages.map((p) => p.drawn())).toEqual([false, false]);
  });
});
