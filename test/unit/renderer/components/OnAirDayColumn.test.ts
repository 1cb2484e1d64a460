// @vitest-environment happy-dom
// One day of the on-air week: the day's name and date, today's mark, and each show's card with its
// broadcast time, its titles (the translated one first for the UI language), the whole of them as its
// title attribute, today's "airing now" or countdown naming the episode, the next show's mark, and the
// link to the entry's page.
import { createPinia } from 'pinia';
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { defineComponent } from 'vue';
import type { OnAirDto } from '../../../../src-main/contract/objects';
import { onAirDto, wikiDto } from '../../../fixtures/dto';
import OnAirDayColumn from '../../../../src-renderer/src/components/OnAirDayColumn.vue';
import type { ScheduledEntry } from '../../../../src-renderer/src/composables/broadcast-clock';
import type { TodayTiming } from '../../../../src-renderer/src/composables/on-air-today';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
afterEach(() => {
  i18n.global.locale.value = 'en';
});

/** An airing anime from bangumi-data: Japanese title, an English and a Chinese alias. */
function onAir(wiki_id: number, wiki_title: string, wiki_aliases: string[], week: number, time: string): OnAirDto {
  return onAirDto(wikiDto({ wiki_id, wiki_title, wiki_aliases }), week, time);
}

/** Monday's shows in broadcast order: one in the evening, one late at night (25:30 = Tuesday 01:30). */
const monday: ScheduledEntry[] = [
  onAir(501, '薬屋のひとりごと', ['The Apothecary Diaries', '药屋少女的呢喃'], 1, '18:00'),
  onAir(502, '夜のクラゲは泳げない', ['Jellyfish Can’t Swim in the Night', '夜晚的水母不会游泳'], 1, '25:30'),
].map((entry) => ({ entry, slot: { weekday: 1, minutes: 0, time: entry.oa_time } }));

const Empty = defineComponent({ render: () => null });

function render(props: {
  weekday: number;
  entries: ScheduledEntry[];
  today: boolean;
  size?: 'compact' | 'roomy';
  date?: { short: string; long: string };
  timings?: Map<number, TodayTiming>;
  next?: number | null;
  onlyFollowed?: boolean;
}) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Empty },
      { path: '/:type(music|radio|anime)/:id(\\d+)', component: Empty },
    ],
  });
  return mount(OnAirDayColumn, { props, global: { plugins: [createPinia(), router, i18n] } });
}

describe('OnAirDayColumn', () => {
  it('says an empty day has nothing on air, or, while only followed shows are listed, none of them', () => {
    expect(render({ weekday: 1, entries: [], today: false }).get('.empty').text()).toBe('Nothing airs on Monday.');
    expect(render({ weekday: 1, entries: [], today: false, onlyFollowed: true }).get('.empty').text()).toBe('None of your shows airs on Monday.');
  });

  it('lists the shows in the given order with their broadcast times and titles', () => {
    const wrapper = render({ weekday: 1, entries: monday, today: false });
    const cards = wrapper.findAll('[data-testid="onair-entry"]');
    expect(cards.map((c) => c.get('[data-testid="onair-time"]').text())).toEqual(['18:00', '25:30']);
    expect(cards.map((c) => c.get('[data-testid="onair-original"]').text())).toEqual(['薬屋のひとりごと', '夜のクラゲは泳げない']);
    expect(cards[0].get('[data-testid="onair-original"]').attributes('lang')).toBe('ja');
    expect(wrapper.get('h2 .name').text()).toBe('Monday');
    expect(wrapper.get('[data-testid="onair-day-count"]').text()).toBe('2');
    expect(wrapper.get('h2').text()).toContain('2 shows');
  });

  it('draws the first eight cards at once and the rest right after the first frame, all counted from the start', async () => {
    const many = Array.from({ length: 12 }, (_, i) => {
      const entry = onAir(600 + i, `番組 ${i}`, [], 1, `${String(10 + i).padStart(2, '0')}:00`);
      return { entry, slot: { weekday: 1, minutes: 0, time: entry.oa_time } };
    });
    const wrapper = render({ weekday: 1, entries: many, today: false });
    expect(wrapper.findAll('[data-testid="onair-entry"]')).toHaveLength(8);
    expect(wrapper.get('[data-testid="onair-day-count"]').text()).toBe('12');
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 10)));
    await wrapper.vm.$nextTick();
    expect(wrapper.findAll('[data-testid="onair-entry"]').map((c) => c.attributes('href'))).toEqual(many.map((m) => `/anime/${m.entry.oa_obj_id}`));
  });

  it("links each card to its entry's page, opened in the app by a plain click", async () => {
    const wrapper = render({ weekday: 1, entries: monday, today: false });
    const cards = wrapper.findAll('[data-testid="onair-entry"]');
    expect(cards.map((c) => c.attributes('href'))).toEqual(['/anime/501', '/anime/502']);
    const router = wrapper.vm.$router;
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    cards[1].get('.title').element.dispatchEvent(withCtrl);
    expect(withCtrl.defaultPrevented).toBe(false); // left to the browser (a new tab)
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    cards[1].get('.title').element.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    await new Promise((done) => setTimeout(done));
    expect(router.currentRoute.value.fullPath).toBe('/anime/502');
  });

  it('leads with the English alias in English and the Chinese one in 简体中文, the original under it; the original alone in 日本語', async () => {
    const wrapper = render({ weekday: 1, entries: monday, today: false });
    const translated = () => wrapper.findAll('[data-testid="onair-translated"]').map((t) => t.text());
    const leading = () => wrapper.findAll('[data-testid="onair-entry"]').map((c) => c.get('.text > [lang]').text());
    expect(translated()).toEqual(['The Apothecary Diaries', 'Jellyfish Can’t Swim in the Night']);
    expect(leading()).toEqual(translated());
    expect(wrapper.get('[data-testid="onair-translated"]').attributes('lang')).toBe('en');
    // The whole of both titles, however they are cut on screen.
    expect(wrapper.get('[data-testid="onair-entry"]').attributes('title')).toBe('The Apothecary Diaries\n薬屋のひとりごと');

    i18n.global.locale.value = 'zh-Hans';
    await wrapper.vm.$nextTick();
    expect(translated()).toEqual(['药屋少女的呢喃', '夜晚的水母不会游泳']);
    expect(leading()).toEqual(translated());
    expect(wrapper.get('h2 .name').text()).toBe('星期一');

    i18n.global.locale.value = 'ja';
    await wrapper.vm.$nextTick();
    expect(translated()).toEqual([]);
    expect(leading()).toEqual(['薬屋のひとりごと', '夜のクラゲは泳げない']);
    expect(wrapper.get('[data-testid="onair-entry"]').attributes('title')).toBe('薬屋のひとりごと');
    expect(wrapper.get('h2 .name').text()).toBe('月曜日');
  });

  it('marks today with a badge and aria-current="date"', () => {
    const wrapper = render({ weekday: 1, entries: monday, today: true });
    const day = wrapper.get('[data-testid="onair-day"]');
    expect(day.attributes('aria-current')).toBe('date');
    expect(day.attributes('data-today')).toBe('true');
    expect(day.classes()).toContain('today');
    expect(wrapper.get('h2 .badge').text()).toBe('Today');
  });

  it('carries the date: short on screen, in full for screen readers', () => {
    const wrapper = render({ weekday: 5, entries: [], today: false, date: { short: 'Fri, Nov 27', long: 'Friday, November 27' } });
    expect(wrapper.get('h2 .name').text()).toBe('Fri, Nov 27');
    expect(wrapper.get('h2 .name').attributes('aria-hidden')).toBe('true');
    expect(wrapper.get('h2 .visually-hidden').text()).toBe('Friday, November 27');
    // In a narrow window's tab panel, the tab names the day and the heading shows the date in full.
    const panel = render({ weekday: 5, entries: [], today: true, size: 'roomy', date: { short: 'Fri, Nov 27', long: 'Friday, November 27' } });
    expect(panel.get('h2').classes()).not.toContain('visually-hidden');
    expect(panel.get('h2 .name').text()).toBe('Friday, November 27');
    expect(panel.get('h2 .name').attributes('aria-hidden')).toBeUndefined();
  });

  it('says when today’s shows air, naming the episode, and marks the next one', async () => {
    const [evening, late] = monday.map((m) => m.entry);
    const at = Date.UTC(2026, 10, 30, 9);
    const timings = new Map<number, TodayTiming>([
      [evening.oa_id, { at, state: 'airing', episode: '', left: null }],
      [late.oa_id, { at: at + 7.5 * 3600_000, state: 'coming', episode: '8', left: { key: 'hours', h: 2 } }],
    ]);
    const wrapper = render({ weekday: 1, entries: monday, today: true, timings, next: late.oa_id });
    const cards = wrapper.findAll('[data-testid="onair-entry"]');
    expect(cards.map((c) => c.get('[data-testid="onair-timing"]').text())).toEqual(['airing now', 'Ep 8 in 2 h']);
    expect(cards.map((c) => c.attributes('data-next'))).toEqual([undefined, 'true']);
    expect(cards[1].get('[data-testid="onair-next"]').text()).toBe('Next');

    i18n.global.locale.value = 'ja';
    await wrapper.vm.$nextTick();
    expect(wrapper.findAll('[data-testid="onair-timing"]').map((c) => c.text())).toEqual(['放送中', '第8話 あと 2 時間']);
    // Over: nothing said.
    const done = render({ weekday: 1, entries: monday, today: true, timings: new Map([[evening.oa_id, { at, state: 'over', episode: '8', left: null }]]) });
    expect(done.find('[data-testid="onair-timing"]').exists()).toBe(false);
  });

  it('does not mark another day as today', () => {
    const wrapper = render({ weekday: 1, entries: monday, today: false });
    const day = wrapper.get('[data-testid="onair-day"]');
    expect(day.attributes('aria-current')).toBeUndefined();
    expect(day.attributes('data-today')).toBe('false');
    expect(day.classes()).not.toContain('today');
    expect(wrapper.find('h2 .badge').exists()).toBe(false);
  });

  it('says so when nothing airs that day', () => {
    const wrapper = render({ weekday: 3, entries: [], today: false });
    expect(wrapper.findAll('[data-testid="onair-entry"]')).toHaveLength(0);
    expect(wrapper.get('.empty').text()).toBe('Nothing airs on Wednesday.');
    expect(wrapper.get('[data-testid="onair-day-count"]').text()).toBe('0');
    expect(wrapper.get('h2').text()).toContain('No shows');
  });
});
