// @vitest-environment happy-dom
// The catalogue summary: its counts (formatted, with their raw values for tests), their labels in the
// UI language, and the local API's address.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../../src-renderer/src/api/status';
import HomeCatalogueSummary from '../../../../src-renderer/src/components/HomeCatalogueSummary.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
afterEach(() => {
  i18n.global.locale.value = 'en';
});

/** A large catalogue: every count needs group separators. */
const big: AppStatus = {
  entries: 1_234_567,
  subs: 2_345_678,
  uploads: 3_000_000,
  onAir: 1_048,
  apiUrl: 'http://127.0.0.1:4000/',
  animeData: { version: '0.3.208', newestBegin: '2026-04-29' },
  transcoding: true,
};
/** Counts of one, which take the singular. */
const single: AppStatus = {
  entries: 1,
  subs: 1,
  uploads: 1,
  onAir: 1,
  apiUrl: 'http://127.0.0.1:4000/',
  animeData: { version: '0.3.208', newestBegin: '2026-04-29' },
  transcoding: true,
};

const render = (status: AppStatus) => mount(HomeCatalogueSummary, { props: { status }, global: { plugins: [i18n] } });

describe('HomeCatalogueSummary', () => {
  it('shows each count formatted for the reader, with its raw value on the test id', () => {
    const wrapper = render(big);
    const format = new Intl.NumberFormat().format;
    for (const [testId, value] of [
      ['entry-count', big.entries],
      ['sub-count', big.subs],
      ['on-air-count', big.onAir],
    ] as const) {
      const count = wrapper.get(`[data-testid="${testId}"]`);
      expect(count.attributes('data-value')).toBe(String(value));
      expect(count.text()).toBe(format(value));
    }
    // Grouped, not the bare digits.
    expect(wrapper.get('[data-testid="entry-count"]').text()).not.toBe('1234567');
  });

  it('labels the counts in English, singular for one', () => {
    expect(render(big).get('[data-testid="catalogue-size"]').text()).toMatch(/entries · .+ songs & episodes · .+ on air this week/);
    expect(render(single).get('[data-testid="catalogue-size"]').text()).toBe('1 entry · 1 song or episode · 1 on air this week');
  });

  it('shows where the local API answers', () => {
    const wrapper = render(big);
    expect(wrapper.get('[data-testid="api-url"]').text()).toBe('http://127.0.0.1:4000/');
    expect(wrapper.get('p.api').text()).toBe('Local API at http://127.0.0.1:4000/');
    expect(wrapper.get('section').attributes('aria-label')).toBe('Catalogue size');
  });

  it('relabels everything when the UI language changes, keeping the numbers', async () => {
    const wrapper = render(single);
    i18n.global.locale.value = 'ja';
    await wrapper.vm.$nextTick();
    expect(wrapper.get('[data-testid="catalogue-size"]').text()).toBe('1 件の作品 · 1 曲・エピソード · 1 件が今週放送中');
    expect(wrapper.get('p.api').text()).toBe('ローカル API：http://127.0.0.1:4000/');
    expect(wrapper.get('section').attributes('aria-label')).toBe('カタログの規模');

    i18n.global.locale.value = 'zh-Hans';
    await wrapper.vm.$nextTick();
    expect(wrapper.get('[data-testid="catalogue-size"]').text()).toBe('1 个条目 · 1 首歌曲或剧集 · 1 部本周放送中');
    expect(wrapper.get('[data-testid="api-url"]').text()).toBe('http://127.0.0.1:4000/');
  });
});
