// @vitest-environment happy-dom
// A page's later parts, drawn in a task after the page's next frame (after what it waits for, when it
// waits; in a hidden page, in the next task; at once for a return to a place down the page), and never
// for a page gone before their turn.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { useDrawnAfterFrame } from '../../../../src-renderer/src/composables/drawn-in-steps';

const nextStep = () => new Promise((done) => setTimeout(done));
/** The next frame, then a task after it. */
const afterFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));

describe('useDrawnAfterFrame', () => {
  /** A page whose later part (`<aside>`) is drawn once `useDrawnAfterFrame` says so (`drawn`). */
  const page = (ready?: () => Promise<unknown>) => {
    const drawn: { value: boolean }[] = [];
    const wrapper = mount(
      defineComponent({
        setup() {
          const later = useDrawnAfterFrame(ready);
          drawn.push(later);
          return () => h('div', [h('h1', 'Page'), later.value ? h('aside', 'Later') : null]);
        },
      }),
    );
    return Object.assign(wrapper, { drawn: () => drawn[0].value });
  };

  /** Whether the later part is drawn after a task, then after the next frame and a task after it. */
  const laterAfterFrame = async (wrapper: ReturnType<typeof page>) => {
    await nextStep();
    await nextTick();
    if (wrapper.find('aside').exists()) return 'before the frame';
    await afterFrame();
    await nextTick();
    return wrapper.find('aside').exists();
  };

  it('draws the later parts in a task after the page’s next frame', async () => {
    const wrapper = page();
    await nextTick();
    expect(wrapper.find('aside').exists()).toBe(false);
    expect(await laterAfterFrame(wrapper)).toBe(true);
  });

  it('waits for what the page is ready after, even when it fails, then for the next frame', async () => {
    let fail!: (e: Error) => void;
    const wrapper = page(() => new Promise((_, no) => (fail = no)));
    expect(await laterAfterFrame(wrapper)).toBe(false);
    fail(new Error('refused'));
    await Promise.resolve();
    await nextTick();
    expect(wrapper.find('aside').exists()).toBe(false);
    expect(await laterAfterFrame(wrapper)).toBe(true);
  });

  it('draws them in the next task in a hidden page, which draws no frames', async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      const wrapper = page();
      await nextStep();
      await nextTick();
      expect(wrapper.find('aside').exists()).toBe(true);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('draws them at once for a return to a place down the page', async () => {
    history.replaceState({ scroll: { left: 0, top: 600 } }, '');
    try {
      const wrapper = page(() => new Promise(() => undefined));
      await nextTick();
      expect(wrapper.find('aside').exists()).toBe(true);
    } finally {
      history.replaceState(null, '');
    }
  });

  it('draws nothing more for a page gone before its turn', async () => {
    let ready!: () => void;
    const pages = [page(), page(() => new Promise<void>((ok) => (ready = ok)))];
    for (const p of pages) p.unmount();
    ready();
    await afterFrame();
    await afterFrame();
    expect(pages.map((p) => p.drawn())).toEqual([false, false]);
  });
});
