// @vitest-environment happy-dom
// An entry's cover: the image with its alternative text and the sizes the browser picks from, and the
// lettered tile shown instead when the image cannot be loaded.
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoverDto } from '../../../../src-main/contract/objects';
import BaseCover from '../../../../src-renderer/src/components/BaseCover.vue';

enableAutoUnmount(afterEach);

const cover = (id: number): CoverDto => ({
  small: `/covers/${id}/small`,
  medium: `/covers/${id}/medium`,
  square: `/covers/${id}/square`,
  large: `/covers/${id}/large`,
});

describe('BaseCover', () => {
  it('describes the image with the alt text it is given', () => {
    const img = mount(BaseCover, { props: { cover: cover(7), alt: 'Sakura Letters' } }).find('img');
    expect(img.attributes('alt')).toBe('Sakura Letters');
  });

  it('keeps an empty alt (a decorative cover beside its title) rather than dropping the attribute', () => {
    const img = mount(BaseCover, { props: { cover: cover(7), alt: '' } }).find('img');
    expect(img.attributes()).toHaveProperty('alt', '');
  });

  it('offers the three cover sizes by width, with the box width as sizes', () => {
    const img = mount(BaseCover, { props: { cover: cover(7), alt: '', width: '40px' } }).find('img');
    expect(img.attributes('src')).toBe('/covers/7/medium');
    expect(img.attributes('srcset')).toBe('/covers/7/small 96w, /covers/7/medium 144w, /covers/7/square 192w');
    expect(img.attributes('sizes')).toBe('40px');
    expect(img.attributes('loading')).toBe('lazy');
  });

  it('falls back to a responsive sizes hint when the box width is relative', () => {
    const img = mount(BaseCover, { props: { cover: cover(7), alt: '', width: '100%' } }).find('img');
    expect(img.attributes('sizes')).toBe('(max-width: 800px) 40vw, 192px');
  });

  it('uses a single image URL as it is, with no srcset or sizes, and loads eagerly when asked', () => {
    const img = mount(BaseCover, { props: { cover: '/covers/9/square', alt: 'Album', eager: true } }).find('img');
    expect(img.attributes('src')).toBe('/covers/9/square');
    expect(img.attributes('srcset')).toBeUndefined();
    expect(img.attributes('sizes')).toBeUndefined();
    expect(img.attributes('loading')).toBe('eager');
  });

  it("shows the title's first letter, named by the alt text, when the image fails to load", async () => {
    const wrapper = mount(BaseCover, { props: { cover: cover(7), alt: 'sakura Letters', label: '  sakura Letters' } });
    await wrapper.find('img').trigger('error');
    expect(wrapper.find('img').exists()).toBe(false);
    const tile = wrapper.get('[data-testid="cover-fallback"]');
    expect(tile.text()).toBe('S');
    expect(tile.attributes('role')).toBe('img');
    expect(tile.attributes('aria-label')).toBe('sakura Letters');
    expect(tile.attributes('aria-hidden')).toBeUndefined();
  });

  it('hides a decorative fallback tile from screen readers, and shows ? without a label', async () => {
    const wrapper = mount(BaseCover, { props: { cover: cover(7), alt: '' } });
    await wrapper.find('img').trigger('error');
    const tile = wrapper.get('[data-testid="cover-fallback"]');
    expect(tile.text()).toBe('?');
    expect(tile.attributes('aria-hidden')).toBe('true');
    expect(tile.attributes('role')).toBeUndefined();
    expect(tile.attributes('aria-label')).toBeUndefined();
  });

  it('tries the image again when given another cover', async () => {
    const wrapper = mount(BaseCover, { props: { cover: cover(7), alt: 'A', label: 'A' } });
    await wrapper.find('img').trigger('error');
    expect(wrapper.find('img').exists()).toBe(false);
    await wrapper.setProps({ cover: cover(8) });
    expect(wrapper.find('[data-testid="cover-fallback"]').exists()).toBe(false);
    expect(wrapper.get('img').attributes('src')).toBe('/covers/8/medium');
  });
});

describe('BaseCover with defer', () => {
  /** An IntersectionObserver the test drives: `show(el)` says the element came near the window. */
  function stubObserver() {
    const observed = new Set<Element>();
    let callback: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe(el: Element) {
          observed.add(el);
        }
        unobserve(el: Element) {
          observed.delete(el);
        }
        disconnect() {}
      },
    );
    return {
      observed,
      show: (el: Element) => callback([{ target: el, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  /** BaseCover afresh: its one observer is made with the IntersectionObserver of the moment. */
  async function freshCover() {
    vi.resetModules();
    return (await import('../../../../src-renderer/src/components/BaseCover.vue')).default;
  }

  it('makes no image until its box comes near the window, then the image', async () => {
    const io = stubObserver();
    const wrapper = mount(await freshCover(), { props: { cover: cover(9), alt: '', defer: true } });
    expect(wrapper.find('img').exists()).toBe(false);
    expect(wrapper.find('[data-testid="cover-fallback"]').exists()).toBe(false);
    const box = wrapper.get('.cover').element;
    expect(io.observed.has(box)).toBe(true);
    io.show(box);
    await flushPromises();
    expect(wrapper.get('img').attributes('src')).toBe('/covers/9/medium');
    expect(io.observed.has(box)).toBe(false);
  });

  it('stops watching a box that goes away before it is seen', async () => {
    const io = stubObserver();
    const wrapper = mount(await freshCover(), { props: { cover: cover(10), alt: '', defer: true } });
    const box = wrapper.get('.cover').element;
    expect(io.observed.has(box)).toBe(true);
    wrapper.unmount();
    expect(io.observed.has(box)).toBe(false);
  });

  it('with settle, asks for the image only once the box has stayed near the window that long', async () => {
    vi.useFakeTimers();
    try {
      const io = stubObserver();
      const Cover = await freshCover();
      const wrapper = mount(Cover, { props: { cover: cover(9), alt: '', defer: true, settle: 250 } });
      io.show(wrapper.get('.cover').element);
      await vi.advanceTimersByTimeAsync(200);
      expect(wrapper.find('img').exists()).toBe(false);
      // Due within the 50 ms slot after the settle time, with the covers due in it.
      await vi.advanceTimersByTimeAsync(100);
      expect(wrapper.get('img').attributes('src')).toBe('/covers/9/medium');

      // A cover gone before it settled never asks.
      const gone = mount(Cover, { props: { cover: cover(10), alt: '', defer: true, settle: 250 } });
      io.show(gone.get('.cover').element);
      await vi.advanceTimersByTimeAsync(100);
      expect(vi.getTimerCount()).toBe(1);
      gone.unmount();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes the images of many covers that came near together a dozen a task, the first in the task they came near in', async () => {
    vi.useFakeTimers();
    try {
      const io = stubObserver();
      const Cover = await freshCover();
      const covers = Array.from({ length: 30 }, (_, i) => mount(Cover, { props: { cover: cover(100 + i), alt: '', defer: true } }));
      const made = () => covers.filter((c) => c.find('img').exists()).length;
      for (const c of covers) io.show(c.get('.cover').element);
      // One cover gone before its turn: never made, and never in the way of the others.
      covers[20].unmount();
      covers.splice(20, 1);
      // The task's microtasks (a fake clock's flushPromises() would wait for a timer).
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(made()).toBe(12);
      expect(covers.slice(0, 12).every((c) => c.find('img').exists())).toBe(true);
      await vi.advanceTimersToNextTimerAsync();
      expect(made()).toBe(24);
      await vi.advanceTimersToNextTimerAsync();
      expect(made()).toBe(29);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes the images of covers that settled together in one task', async () => {
    vi.useFakeTimers();
    try {
      const io = stubObserver();
      const Cover = await freshCover();
      const covers = [11, 12, 13].map((id) => mount(Cover, { props: { cover: cover(id), alt: '', defer: true, settle: 250 } }));
      for (const c of covers) io.show(c.get('.cover').element);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(300);
      expect(covers.map((c) => c.get('img').attributes('src'))).toEqual(['/covers/11/medium', '/covers/12/medium', '/covers/13/medium']);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
