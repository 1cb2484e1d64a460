// @vitest-environment happy-dom
// RoundPlayButton: its label is the accessible name and the tooltip, and a click reaches the row's listener.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoundPlayButton from '../../../../src-renderer/src/components/RoundPlayButton.vue';

enableAutoUnmount(afterEach);

describe('RoundPlayButton', () => {
  it('is named by its label and passes the click on', async () => {
    const onClick = vi.fn();
    const w = mount(RoundPlayButton, { props: { label: 'Play 桜色の手紙' }, attrs: { class: 'play', onClick } });
    const button = w.get('button');
    expect(button.attributes()).toMatchObject({ type: 'button', 'aria-label': 'Play 桜色の手紙', title: 'Play 桜色の手紙' });
    expect(button.classes()).toEqual(expect.arrayContaining(['round-play', 'play']));
    expect(button.find('svg[aria-hidden="true"]').exists()).toBe(true);
    await button.trigger('click');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
