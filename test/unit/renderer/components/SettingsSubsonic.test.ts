// @vitest-environment happy-dom
// Settings → Subsonic players over a stand-in server: it names the address and the user name, says
// whether a password is set, sends a new one with the UI token and empties the field (the password is
// never shown back), refuses one too short before asking, clears it, says why a change failed, and is
// written in every UI language.
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const UI_TOKEN = vi.hoisted(() => {
  const token = 'cd'.repeat(16);
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', uiToken: token };
  return token;
});

import SettingsSubsonic from '../../../../src-renderer/src/components/SettingsSubsonic.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);

let sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[];
let answers: { status: number; body: unknown }[];
const envelope = (status: number, payload: object = {}, msg: string[] = []) => ({
  response: { information: { parameters: {}, request: '', msg, has_error: status >= 400, error: status >= 400 ? status : 0 }, ...payload },
});
const settings = (set: boolean) => envelope(200, { subsonic: { user: 'moecat', password_set: set, set_at: set ? 1_700_000_000 : null } });

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
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  i18n.global.locale.value = 'en';
});

async function render(set: boolean) {
  answers.push({ status: 200, body: settings(set) });
  const wrapper = mount(SettingsSubsonic, { global: { plugins: [pinia, i18n] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

describe('SettingsSubsonic', () => {
  it('names the address and the user name, and says no password is set', async () => {
    const wrapper = await render(false);
    expect(wrapper.get('[data-testid="subsonic-server"]').text()).toBe('http://127.0.0.1:4000/');
    expect(wrapper.get('[data-testid="subsonic-user"]').text()).toBe('moecat');
    expect(wrapper.get('[data-testid="subsonic-state"]').text()).toMatch(/No password is set/);
    expect(wrapper.find('[data-testid="subsonic-clear"]').exists()).toBe(false);
  });

  it('sends a new password with the UI token and empties the field; too short a one is not sent', async () => {
    const wrapper = await render(false);
    const input = wrapper.get('[data-testid="subsonic-password"]');
    await input.setValue('short');
    expect(wrapper.get('[data-testid="subsonic-save"]').attributes('disabled')).toBeDefined();
    await input.setValue('a long enough password');
    answers.push({ status: 200, body: settings(true) });
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(sent[1]).toMatchObject({ url: 'http://127.0.0.1:4000/app/subsonic/password.json', method: 'POST', body: { password: 'a long enough password' } });
    expect(sent[1].headers['x-moecat-ui']).toBe(UI_TOKEN);
    expect((input.element as HTMLInputElement).value).toBe('');
    expect(wrapper.get('[data-testid="subsonic-state"]').text()).toBe('A password is set.');
    expect(wrapper.text()).not.toContain('a long enough password');
  });

  it('clears the password, and says why a change failed', async () => {
    const wrapper = await render(true);
    answers.push({ status: 500, body: envelope(500, {}, ['The disk is full.']) });
    await wrapper.get('[data-testid="subsonic-clear"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[role="alert"]').text()).toContain('The disk is full.');
    answers.push({ status: 200, body: settings(false) });
    await wrapper.get('[data-testid="subsonic-clear"]').trigger('click');
    await flushPromises();
    expect(sent.at(-1)).toMatchObject({ url: 'http://127.0.0.1:4000/app/subsonic/clear.json', method: 'POST' });
    expect(wrapper.get('[data-testid="subsonic-state"]').text()).toMatch(/No password is set/);
  });

  it.each(['zh-Hans', 'ja'])('is written in %s', async (locale) => {
    i18n.global.locale.value = locale;
    const wrapper = await render(true);
    expect(wrapper.get('h2').text()).not.toBe('Subsonic players');
    expect(wrapper.get('[data-testid="subsonic-save"]').text()).not.toBe('Set password');
  });
});
