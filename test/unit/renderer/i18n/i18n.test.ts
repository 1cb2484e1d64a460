// @vitest-environment happy-dom
// The app's translations: a message without parameters is made once per language and then kept, and a
// component that shows one follows a change of language; messages with parameters are made each time.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { useI18n } from 'vue-i18n';
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
});
