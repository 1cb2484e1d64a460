// @vitest-environment happy-dom
// One day of the on-air week: the day's name, today's mark, and each show's card with its broadcast
// time, original title, translated title for the UI language and link to the entry's page.
import { createPinia } from 'pinia';
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { defineComponent } from 'vue';
import type { OnAirDto } from '../../../../src-main/contract/objects';
import { onAirDto, wikiDto } from '../../../fixtures/dto';
import OnAirDayColumn from '../../../../src-renderer/src/components/OnAirDayColumn.vue';
import type { ScheduledEntry } from '../../../../src-renderer/src/composables/broadcast-clock';
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

function render(props: { weekday: number; entries: ScheduledEntry[]; today: boolean; size?: 'compact' | 'roomy' }) {
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
  it('lists the shows in the given order with their broadcast times and titles', () => {
    const wrapper = render({ weekday: 1, entries: monday, today: false });
    const cards = wrapper.findAll('[data-testid="onair-entry"]');
    expect(cards.map((c) => c.get('[data-testid="onair-time"]').text())).toEqual(['18:00', '25:30']);
    expect(cards.map((c) => c.get('.title').text())).toEqual(['薬屋のひとりごと', '夜のクラゲは泳げない']);
    expect(cards[0].get('.title').attributes('lang')).toBe('ja');
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

  it('shows the English alias under the title in English, the Chinese one in 简体中文, none in 日本語', async () => {
    const wrapper = render({ weekday: 1, entries: monday, today: false });
    const translated = () => wrapper.findAll('[data-testid="onair-translated"]').map((t) => t.text());
    expect(translated()).toEqual(['The Apothecary Diaries', 'Jellyfish Can’t Swim in the Night']);
    expect(wrapper.get('[data-testid="onair-translated"]').attributes('lang')).toBe('en');

    i18n.global.locale.value = 'zh-Hans';
    await wrapper.vm.$nextTick();
    expect(translated()).toEqual(['药屋少女的呢喃', '夜晚的水母不会游泳']);
    expect(wrapper.get('h2 .name').text()).toBe('星期一');

    i18n.global.locale.value = 'ja';
    await wrapper.vm.$nextTick();
    expect(translated()).toEqual([]);
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
