// @vitest-environment happy-dom
// A panel open over the page from a bar: the bar's siblings are inert while it is open and no longer
// after; a press outside the bar closes it, a press inside does not; unmounting leaves nothing inert.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { useInertBehind } from '../../../../src-renderer/src/composables/inert-behind';

function harness() {
  const open = ref(false);
  let closed = 0;
  const wrapper = mount(
    defineComponent({
      setup() {
        const bar = ref<HTMLElement>();
        useInertBehind(open, bar, () => {
          closed++;
          open.value = false;
        });
        return () =>
          h('div', { class: 'shell' }, [
            h('nav', [h('a', { href: '/' }, 'home')]),
            h('main', 'page'),
            h('section', { ref: bar, class: 'bar' }, [h('button', { class: 'inside' }, 'queue')]),
          ]);
      },
    }),
    { attachTo: document.body },
  );
  const el = (selector: string) => wrapper.get(selector).element as HTMLElement;
  const press = (selector: string) => el(selector).dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  return { open, wrapper, el, press, closed: () => closed };
}

describe('useInertBehind', () => {
  it('makes the page behind the bar inert while the panel is open, and gives it back after', async () => {
    const { open, el } = harness();
    expect(el('main').inert).toBe(false);
    open.value = true;
    await nextTick();
    expect([el('nav').inert, el('main').inert, el('.bar').inert]).toEqual([true, true, false]);
    open.value = false;
    await nextTick();
    expect([el('nav').inert, el('main').inert]).toEqual([false, false]);
  });

  it('closes the panel on a press outside the bar, not inside it', async () => {
    const { open, press, closed } = harness();
    open.value = true;
    await nextTick();
    press('.inside');
    expect(closed()).toBe(0);
    press('main');
    expect(closed()).toBe(1);
    await nextTick();
    // Closed: presses on the page are the page's again.
    press('main');
    expect(closed()).toBe(1);
  });

  it('leaves nothing inert when the bar goes', async () => {
    const { open, el, wrapper } = harness();
    open.value = true;
    await nextTick();
    const main = el('main');
    wrapper.unmount();
    expect(main.inert).toBe(false);
  });
});
