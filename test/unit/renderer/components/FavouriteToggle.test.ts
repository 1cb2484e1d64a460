// @vitest-environment happy-dom
// The heart toggle over the favourites store and a stand-in server: it shows the mark the answer carried,
// turns at once when pressed and sends the add or delete with the UI token, goes back with a notice when
// the server refuses, counts "already so" answers as success, and is named in every UI language.
import { flushPromises, enableAutoUnmount, mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { FavDto } from '../../../../src-main/contract/objects';

// The desktop bridge the API client reads when it loads: where the server is and the UI's credentials.
const UI_TOKEN = vi.hoisted(() => {
  const token = 'ab'.repeat(16);
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', apiKey: 'c'.repeat(41), uiToken: token };
  return token;
});

import AppNoticeToast from '../../../../src-renderer/src/components/AppNoticeToast.vue';
import FavouriteToggle from '../../../../src-renderer/src/components/FavouriteToggle.vue';
import { i18n } from '../../../../src-renderer/src/i18n';
import { useAppNoticeStore } from '../../../../src-renderer/src/stores/app-notice';

enableAutoUnmount(afterEach);

const FAV: FavDto = { fav_id: 9, fav_obj_id: 51000401, fav_obj_type: 'sub', fav_uid: 1, fav_date: 1_700_000_000, fav_type: 1 };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A server that answers each request in turn with the next queued answer; `hold` keeps one pending. */
let sent: Sent[];
let answers: { status: number; body: unknown; hold?: Promise<void> }[];
const envelope = (status: number, payload: object = {}, msg: string[] = []) => ({
  response: { information: { parameters: {}, request: '', msg, has_error: status >= 400, error: status >= 400 ? status : 0 }, ...payload },
});

let pinia: Pinia;
beforeEach(() => {
  sent = [];
  answers = [];
  pinia = createPinia();
  setActivePinia(pinia);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = answers.shift() ?? { status: 500, body: envelope(500, {}, ['no answer queued']) };
      await answer.hold;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  i18n.global.locale.value = 'en';
});

/** Two hearts for the same song (as a track list and the player would show) and the notice. */
const Page = defineComponent({
  props: { fav: { type: Object as () => FavDto | null, default: null } },
  setup: (props) => () =>
    h('div', [
      h(FavouriteToggle, { type: 'sub', id: 51000401, fav: props.fav, title: 'First Snow', class: 'one' }),
      h(FavouriteToggle, { type: 'sub', id: 51000401, fav: props.fav, title: 'First Snow', class: 'two', variant: 'labelled' }),
      h(AppNoticeToast),
    ]),
});

function render(fav: FavDto | null = null) {
  const wrapper = mount(Page, { props: { fav }, global: { plugins: [pinia, i18n] }, attachTo: document.body });
  const heart = (which: 'one' | 'two' = 'one') => wrapper.get(`.${which}`);
  const pressed = (which: 'one' | 'two' = 'one') => heart(which).attributes('aria-pressed');
  const notice = () => wrapper.get('[data-testid="app-notice"]').text();
  return { wrapper, heart, pressed, notice };
}

describe('FavouriteToggle', () => {
  it('shows the mark the answer carried, as a named toggle button', () => {
    expect(render(null).pressed()).toBe('false');
    const { heart, pressed } = render(FAV);
    expect(pressed()).toBe('true');
    expect(heart().element.tagName).toBe('BUTTON');
    expect(heart().attributes('type')).toBe('button');
    expect(heart().attributes('aria-label')).toBe('Favourite “First Snow”');
    expect(heart().attributes('title')).toBe('Remove from favourites');
    expect(heart('two').text()).toBe('Favourite');
  });

  it('turns on at once, sends the add with the UI token, and stays on when the server agrees', async () => {
    let release!: () => void;
    answers.push({ status: 200, body: envelope(200, { fav: FAV }), hold: new Promise((r) => (release = r)) });
    const { heart, pressed, notice } = render(null);
    await heart().trigger('click');
    // Before the server has answered, both hearts for the song show it on.
    expect(pressed()).toBe('true');
    expect(pressed('two')).toBe('true');
    expect(heart().attributes('aria-busy')).toBe('true');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'http://127.0.0.1:4000/fav/add.json',
      method: 'POST',
      headers: { 'x-moecat-ui': UI_TOKEN, 'content-type': 'application/json' },
      body: { fav_obj_type: 'sub', fav_obj_id: 51000401 },
    });
    release();
    await flushPromises();
    expect(pressed()).toBe('true');
    expect(heart().attributes('aria-busy')).toBeUndefined();
    expect(notice()).toBe('');
  });

  it('goes back and says why when the server refuses an add', async () => {
    answers.push({ status: 500, body: envelope(500, {}, ['The disk is full.']) });
    const { heart, pressed, notice } = render(null);
    await heart().trigger('click');
    expect(pressed()).toBe('true');
    await flushPromises();
    expect(pressed()).toBe('false');
    expect(pressed('two')).toBe('false');
    expect(notice()).toContain('Couldn’t add “First Snow” to your favourites: The disk is full.');
    expect(useAppNoticeStore().notice).toMatchObject({ failed: true, message: 'Couldn’t add “First Snow” to your favourites: The disk is full.' });
  });

  it('goes back on when a remove fails because the server cannot be reached, and the notice can be dismissed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { wrapper, heart, pressed, notice } = render(FAV);
    await heart().trigger('click');
    expect(pressed()).toBe('false');
    await flushPromises();
    expect(pressed()).toBe('true');
    expect(notice()).toContain('Couldn’t remove “First Snow” from your favourites: The Moecat server cannot be reached.');
    await wrapper.get('[data-testid="app-notice"] button.dismiss').trigger('click');
    expect(notice()).toBe('');
  });

  it('removes with a delete, and counts "already so" answers (409 on add, 404 on delete) as done', async () => {
    answers.push({ status: 200, body: envelope(200, { fav: FAV }) });
    const removed = render(FAV);
    await removed.heart().trigger('click');
    await flushPromises();
    expect(sent[0]).toMatchObject({ url: 'http://127.0.0.1:4000/fav/delete.json', body: { fav_obj_type: 'sub', fav_obj_id: 51000401 } });
    expect(removed.pressed()).toBe('false');

    answers.push({ status: 409, body: envelope(409, {}, ['already a favourite']) });
    await removed.heart().trigger('click');
    await flushPromises();
    expect(removed.pressed()).toBe('true');
    answers.push({ status: 404, body: envelope(404, {}, ['not a favourite']) });
    await removed.heart().trigger('click');
    await flushPromises();
    expect(removed.pressed()).toBe('false');
    expect(removed.notice()).toBe('');
  });

  it('sends one request at a time for an object: a second press while busy is ignored', async () => {
    let release!: () => void;
    answers.push({ status: 200, body: envelope(200, { fav: FAV }), hold: new Promise((r) => (release = r)) });
    const { heart, pressed } = render(null);
    await heart().trigger('click');
    await heart('two').trigger('click');
    expect(sent).toHaveLength(1);
    expect(pressed()).toBe('true');
    release();
    await flushPromises();
    expect(pressed()).toBe('true');
  });

  it.each([
    ['zh-Hans', '收藏“First Snow”', '取消收藏', '收藏'],
    ['ja', '「First Snow」をお気に入り', 'お気に入りから削除', 'お気に入り'],
  ])('is named in %s', async (lang, label, title, text) => {
    i18n.global.locale.value = lang;
    const { heart } = render(FAV);
    expect(heart().attributes('aria-label')).toBe(label);
    expect(heart().attributes('title')).toBe(title);
    expect(heart('two').text()).toBe(text);
  });
});
