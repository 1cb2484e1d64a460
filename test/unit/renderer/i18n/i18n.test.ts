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

  it('says every message in every language as vue-i18n does, with and without its values and counts', () => {
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
    let plurals = 0;
    for (const language of languages) {
      i18n.global.locale.value = language;
      plain.locale.value = language;
      for (const key of keys) {
        const source = String(plain.tm(key));
        const names = [...source.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        if (names.length) filled++;
        if (source.includes('|')) plurals++;
        // Made anew for each call: vue-i18n writes `count` and `n` into the values it is given.
        const values = (count?: number) =>
          Object.fromEntries(names.map((n, i) => [n, n === 'n' && count !== undefined ? count : i % 2 ? 42 : `<${n} “x” {y}>`]));
        const calls: [string, () => unknown[]][] = [
          ['alone', () => []],
          ['with values', () => [values()]],
          ['with a value missing', () => (names.length ? [{ ...values(), [names[0]]: null }] : [])],
          ...[0, 1, 2, 5, -1, NaN, Infinity].flatMap((count): [string, () => unknown[]][] => [
            [`counting ${count}`, () => [count]],
            [`with values, counting ${count}`, () => [values(), count]],
            [`with n = ${count}`, () => [values(count)]],
            [`with n = 0, counting ${count}`, () => [values(0), count]],
          ]),
        ];
        for (const [how, args] of calls) {
          const ours = (i18n.global.t as (...a: unknown[]) => string)(key, ...args());
          expect(ours, `${language} ${key} ${how}`).toBe((plain.t as (...a: unknown[]) => string)(key, ...args()));
          expect((i18n.global.t as (...a: unknown[]) => string)(key, ...args()), `${language} ${key} ${how}, again`).toBe(ours);
        }
      }
    }
    expect(filled).toBeGreaterThan(300);
    expect(plurals).toBeGreaterThan(50);
  });
});
