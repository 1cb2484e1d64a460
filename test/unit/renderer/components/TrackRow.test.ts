// @vitest-environment happy-dom
// TrackRow for a song the catalogue no longer has (a playlist's): its number, the text it is given and the
// list's own controls (PlaylistItemControls: move up and down, remove, named by the song, the first
// row's up and the last row's down turned off), with no link, length, menu or play button.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import PlaylistItemControls from '../../../../src-renderer/src/components/PlaylistItemControls.vue';
import TrackRow from '../../../../src-renderer/src/components/TrackRow.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);

describe('TrackRow', () => {
  it('shows a song that is gone by its number and text, with the list’s controls', async () => {
    const w = mount(TrackRow, {
      props: { sub: null, track: null, label: '3', playing: false, playLabel: '', withSource: true, goneText: 'A song that is no longer in the catalogue' },
      slots: { default: () => h(PlaylistItemControls, { title: 'A song that is no longer in the catalogue', first: false, last: true }) },
      global: { plugins: [i18n], stubs: { RouterLink: true } },
    });
    expect(w.get('.label').text()).toBe('3');
    expect(w.get('[data-testid="track-title"]').text()).toBe('A song that is no longer in the catalogue');
    expect(w.find('a').exists()).toBe(false);
    expect(w.find('.round-play').exists()).toBe(false);
    const buttons = w.findAll('.own button');
    expect(buttons.map((b) => b.attributes('aria-label'))).toEqual([
      'Move “A song that is no longer in the catalogue” up',
      'Move “A song that is no longer in the catalogue” down',
      'Remove “A song that is no longer in the catalogue” from the playlist',
    ]);
    expect(buttons.map((b) => b.attributes('disabled') !== undefined)).toEqual([false, true, false]);
    await buttons[0].trigger('click');
    await buttons[2].trigger('click');
    const controls = w.getComponent(PlaylistItemControls);
    expect(controls.emitted('up')).toHaveLength(1);
    expect(controls.emitted('remove')).toHaveLength(1);
    expect(controls.emitted('down')).toBeUndefined();
  });
});
