// @vitest-environment happy-dom
// The queue panel wired to the player store as the player bar wires it: it lists the store's queue,
// marks the current track, and its buttons reorder, remove, jump and clear in the store.
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import PlayerQueueList from '../../../../src-renderer/src/components/player/PlayerQueueList.vue';
import { i18n } from '../../../../src-renderer/src/i18n';
import { usePlayerStore, type PlayerTrack } from '../../../../src-renderer/src/stores/player';

enableAutoUnmount(afterEach);

/** Track n of album 7: "Track n", 3:05 long, a file of the local server. */
const track = (n: number): PlayerTrack => ({
  subId: 700 + n,
  title: `Track ${n}`,
  wikiId: 7,
  wikiTitle: 'Album 7',
  wikiType: 'music',
  artist: 'Artist',
  cover: '/covers/7/square',
  url: `/files/demo/a7/${n}.mp3`,
  duration: 185,
});
const album = (count: number) => Array.from({ length: count }, (_, i) => track(i + 1));

/** The bar's wiring (PlayerBar.vue): store state in, intents to store actions. */
const QueueWithStore = defineComponent(() => {
  const player = usePlayerStore();
  return () =>
    h(PlayerQueueList, {
      queue: player.queue,
      index: player.index,
      onJump: player.jumpTo,
      onMove: player.move,
      onRemove: player.remove,
      onClear: () => player.clear(),
    });
});

let pinia: Pinia;
const fetchSpy = vi.fn(() => Promise.reject(new Error('the queue must not fetch')));

beforeEach(() => {
  localStorage.clear();
  pinia = createPinia();
  setActivePinia(pinia);
  vi.stubGlobal('fetch', fetchSpy);
  fetchSpy.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  i18n.global.locale.value = 'en';
});

/** The panel over a store playing `count` tracks from track `current` (0-based). */
function open(count: number, current: number) {
  const player = usePlayerStore();
  player.play(album(count), current);
  const wrapper = mount(QueueWithStore, { global: { plugins: [pinia, i18n] }, attachTo: document.body });
  return { player, wrapper };
}

const rowTitles = (wrapper: ReturnType<typeof mount>) => wrapper.findAll('[data-testid="queue-item"] .title').map((t) => t.text());
const button = (wrapper: ReturnType<typeof mount>, label: string) => wrapper.get(`button[aria-label="${label}"]`);
/** The row's own button, which jumps to its track. */
const jump = (wrapper: ReturnType<typeof mount>, i: number) => wrapper.findAll('[data-part="jump"]')[i];
const storeTitles = (player: ReturnType<typeof usePlayerStore>) => player.queue.map((t) => t.title);

describe('PlayerQueueList', () => {
  it("lists the store's queue in play order with album and duration, and counts it", () => {
    const { wrapper } = open(3, 0);
    expect(rowTitles(wrapper)).toEqual(['Track 1', 'Track 2', 'Track 3']);
    const first = wrapper.get('[data-testid="queue-item"]');
    expect(first.get('.album').text()).toBe('Artist · Album 7');
    expect(first.get('.time').text()).toBe('3:05');
    expect(wrapper.get('h2').text()).toBe('Queue 3 tracks');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('marks the current track, and only it', () => {
    const { wrapper } = open(3, 1);
    const rows = wrapper.findAll('[data-testid="queue-item"]');
    expect(rows.map((r) => r.classes('current'))).toEqual([false, true, false]);
    const current = wrapper.findAll('button[aria-current="true"]');
    expect(current).toHaveLength(1);
    // Named by what it shows: no label hides the title, artist, album or length from its name.
    expect(current[0].attributes('aria-label')).toBeUndefined();
    expect(current[0].get('.title').text()).toBe('Track 2');
    for (const shown of ['Track 2', 'Artist · Album 7', '3:05']) expect(current[0].text()).toContain(shown);
    // Other rows show their position; the current one shows the playing icon instead.
    expect(rows[0].get('.num').text()).toBe('1');
    expect(rows[1].get('.num').text()).toBe('');
  });

  it("moves a track down and up in the store's queue, the current track staying current", async () => {
    const { player, wrapper } = open(3, 1);
    await button(wrapper, 'Move Track 1 down').trigger('click');
    expect(storeTitles(player)).toEqual(['Track 2', 'Track 1', 'Track 3']);
    expect(player.current?.title).toBe('Track 2');
    expect(rowTitles(wrapper)).toEqual(['Track 2', 'Track 1', 'Track 3']);
    expect(wrapper.get('button[aria-current="true"] .title').text()).toBe('Track 2');

    await button(wrapper, 'Move Track 3 up').trigger('click');
    expect(storeTitles(player)).toEqual(['Track 2', 'Track 3', 'Track 1']);
    expect(rowTitles(wrapper)).toEqual(['Track 2', 'Track 3', 'Track 1']);
  });

  it('cannot move the first track up or the last one down', async () => {
    const { player, wrapper } = open(3, 0);
    expect(button(wrapper, 'Move Track 1 up').attributes('disabled')).toBeDefined();
    expect(button(wrapper, 'Move Track 3 down').attributes('disabled')).toBeDefined();
    expect(button(wrapper, 'Move Track 2 up').attributes('disabled')).toBeUndefined();
    await button(wrapper, 'Move Track 1 up').trigger('click');
    expect(storeTitles(player)).toEqual(['Track 1', 'Track 2', 'Track 3']);
  });

  it('removes a track from the store, keeping the current one', async () => {
    const { player, wrapper } = open(3, 1);
    await button(wrapper, 'Remove Track 1 from the queue').trigger('click');
    expect(storeTitles(player)).toEqual(['Track 2', 'Track 3']);
    expect(player.current?.title).toBe('Track 2');
    expect(rowTitles(wrapper)).toEqual(['Track 2', 'Track 3']);
    expect(wrapper.get('h2').text()).toBe('Queue 2 tracks');
  });

  it('plays the track a row is clicked on', async () => {
    const { player, wrapper } = open(3, 0);
    await jump(wrapper, 2).trigger('click');
    expect(player.index).toBe(2);
    expect(wrapper.get('button[aria-current="true"] .title').text()).toBe('Track 3');
  });

  it('clears the queue and says it is empty', async () => {
    const { player, wrapper } = open(2, 0);
    await button(wrapper, 'Clear the queue').trigger('click');
    expect(player.queue).toEqual([]);
    expect(wrapper.findAll('[data-testid="queue-item"]')).toHaveLength(0);
    expect(wrapper.text()).toContain('The queue is empty. Play an album to fill it.');
    expect(wrapper.find('button[aria-label="Clear the queue"]').exists()).toBe(false);
  });

  it('names its buttons in the UI language', async () => {
    const { wrapper } = open(2, 0);
    i18n.global.locale.value = 'zh-Hans';
    await wrapper.vm.$nextTick();
    expect(wrapper.find('button[aria-label="将 Track 1 下移"]').exists()).toBe(true);
    expect(wrapper.find('button[aria-label="从队列中移除 Track 2"]').exists()).toBe(true);
    expect(wrapper.get('h2').text()).toBe('播放队列 2 首');
  });
});
