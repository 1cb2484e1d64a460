// @vitest-environment happy-dom
// The app's translations: a message without parameters is made once per language and then kept, and a
// component that shows one follows a change of language; every message in every language reads as
// vue-i18n's own `t` makes it, with and without its parameters.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { createI18n, useI18n } from 'vue-i18n';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
afterEach(() => {
  i18n.global.locale.value = 'en';
});

describe('the app’s translations', () => {
  it('makes a plain message once per language, and each message with parameters anew', () => {
    // The messages vue-i18n holds for the key, read as it makes the text: counts how often it does.
    const english = i18n.global.getLocaleMessage('en') as { common: Record<string, unknown> };
    const read = vi.fn();
    const retry = english.common.retry;
    Object.defineProperty(english.common, 'retry', { configurable: true, enumerable: true, get: () => (read(), retry) });
    try {
      const { t } = i18n.global;
      const before = read.mock.calls.length;
      expect([t('common.retry'), t('common.retry'), t('common.retry')]).toEqual(['Try again', 'Try again', 'Try again']);
      expect(read.mock.calls.length - before).toBeLessThanOrEqual(1);
      i18n.global.locale.value = 'zh-Hans';
      expect(t('common.retry')).toBe('重试');
      i18n.global.locale.value = 'en';
      expect(t('common.retry')).toBe('Try again');
    } finally {
      Object.defineProperty(english.common, 'retry', { configurable: true, enumerable: true, writable: true, value: retry });
    }
    expect(i18n.global.t('favourites.toggleLabel', { title: 'A' })).not.toBe(i18n.global.t('favourites.toggleLabel', { title: 'B' }));
  });

  it('draws a plain message again in the new language when the language changes', async () => {
    const Label = defineComponent(() => {
      const { t } = useI18n();
      return () => h('span', t('common.retry'));
    });
    const w = mount(Label, { global: { plugins: [i18n] } });
    expect(w.text()).toBe('Try again');
    i18n.global.locale.value = 'ja';
    await nextTick();
    expect(w.text()).toBe('再試行');
  });

  it('says every message in every language as vue-i18n does, with and without its parameters', () => {
    const languages = ['en', 'zh-Hans', 'ja'] as const;
    const tables = Object.fromEntries(languages.map((l) => [l, i18n.global.getLocaleMessage(l) as Record<string, unknown>]));
    const plain = createI18n({ legacy: false, locale: 'en', fallbackLocale: 'en', messages: tables as Record<string, Record<string, string>> }).global;
    const keys: string[] = [];
    const walk = (at: unknown, path: string) => {
      if (typeof at === 'string') keys.push(path);
      else if (at !== null && typeof at === 'object') for (const [k, v] of Object.entries(at)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(tables.en, '');
    expect(keys.length).toBeGreaterThan(500);
    let filled = 0;
    for (const language of languages) {
      i18n.global.locale.value = language;
      plain.locale.value = language;
      for (const key of keys) {
        const names = [...String(plain.tm(key)).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 42 : `<${n} “x” {y}>`]));
        expect(i18n.global.t(key), `${language} ${key}`).toBe(plain.t(key));
        expect(i18n.global.t(key), `${language} ${key}, again`).toBe(plain.t(key));
        if (names.length === 0) continue;
        filled++;
        expect(i18n.global.t(key, values), `${language} ${key} with ${names.join(', ')}`).toBe(plain.t(key, values));
        expect(i18n.global.t(key, { ...values, [names[0]]: null }), `${language} ${key} without a value`).toBe(plain.t(key, { ...values, [names[0]]: null }));
      }
    }
    expect(filled).toBeGreaterThan(300);
  });
});
