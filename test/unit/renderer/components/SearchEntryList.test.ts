// @vitest-environment happy-dom
// Search's entry rows: each links to its entry and carries a heart showing the answer's favourite
// state, beside the link (never inside it).
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WikiDto } from '../../../../src-main/contract/objects';

vi.hoisted(() => {
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', apiKey: 'c'.repeat(41), uiToken: 'ab'.repeat(16) };
});

import SearchEntryList from '../../../../src-renderer/src/components/SearchEntryList.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
beforeEach(() => setActivePinia(createPinia()));

const cover = { small: '/c/s', medium: '/c/m', square: '/c/q', large: '/c/l' };
const wiki = (id: number, title: string, fav: boolean): WikiDto =>
  ({
    wiki_id: id,
    wiki_title: title,
    wiki_title_encode: '',
    wiki_type: 'music',
    wiki_date: 0,
    wiki_modified: 0,
    wiki_about: '',
    wiki_meta: [],
    wiki_aliases: [],
    wiki_tags: [],
    wiki_bgm_id: null,
    wiki_url: '',
    wiki_fm_url: '',
    wiki_cover: cover,
    wiki_user_fav: fav ? { fav_id: 1, fav_obj_id: id, fav_obj_type: 'wiki', fav_uid: 1, fav_date: 1, fav_type: 1 } : null,
  }) as unknown as WikiDto;

describe('SearchEntryList', () => {
  it('puts a heart beside each entry link, pressed for favourites', () => {
    const list = { status: 'ready', q: 'album', items: [wiki(1, 'Loved Album', true), wiki(2, 'Other Album', false)], count: 2, more: false, error: null };
    const wrapper = mount(SearchEntryList, {
      props: { list: list as never },
      global: { plugins: [i18n, createRouter({ history: createMemoryHistory(), routes: [{ path: '/:p(.*)', component: { render: () => null } }] })] },
    });
    const rows = wrapper.findAll('li.entry-item');
    expect(rows).toHaveLength(2);
    const hearts = rows.map((r) => r.get('button[aria-pressed]'));
    expect(hearts.map((h) => h.attributes('aria-pressed'))).toEqual(['true', 'false']);
    expect(hearts[0].attributes('aria-label')).toContain('Loved Album');
    expect(rows.map((r) => r.get('a.row').attributes('href'))).toEqual(['/music/1', '/music/2']);
    for (const r of rows) expect(r.get('a.row').find('button').exists()).toBe(false);
    // The words marked are those of the query the rows were found with.
    expect(rows.map((r) => r.get('mark').text())).toEqual(['Album', 'Album']);
  });
});
