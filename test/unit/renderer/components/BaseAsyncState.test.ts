// @vitest-environment happy-dom
// BaseAsyncState, what every view shows for something it loads: "Loading" on the first load, the
// failure with Retry (passed up), not found, the empty text, and otherwise the content itself — which
// stays on screen during a reload.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import BaseAsyncState from '../../../../src-renderer/src/components/BaseAsyncState.vue';
import { i18n } from '../../../../src-renderer/src/i18n';
import type { LoadState } from '../../../../src-renderer/src/stores/load-state';

enableAutoUnmount(afterEach);

const ready: LoadState = { status: 'ready', error: null };
const render = (props: Record<string, unknown>, slots: Record<string, string> = {}) =>
  mount(BaseAsyncState, {
    props: { state: ready, look: 'line', loadingText: 'Loading folders…', failedText: 'Could not load: offline', emptyText: 'No folders yet.', ...props },
    slots: { default: '<ul class="list"><li>Music</li></ul>', ...slots },
    global: { plugins: [i18n] },
  });

describe('BaseAsyncState', () => {
  it('says it is loading, and shows no list yet', () => {
    for (const status of ['idle', 'loading'] as const) {
      const w = render({ state: { status, error: null } });
      expect(w.text()).toBe('Loading folders…');
      expect(w.find('.list').exists()).toBe(false);
    }
  });

  it('keeps content already shown during a reload', () => {
    const w = render({ state: { status: 'loading', error: null }, shown: true });
    expect(w.get('.list').text()).toBe('Music');
    expect(w.text()).not.toContain('Loading');
  });

  it('says why the load failed, with Retry passed up', async () => {
    const w = render({ state: { status: 'error', error: 'offline' }, shown: true });
    expect(w.get('[role="alert"]').text()).toContain('Could not load: offline');
    await w.get('button').trigger('click');
    expect(w.emitted('retry')).toHaveLength(1);
    expect(w.find('.list').exists()).toBe(false);
  });

  it('says what was not found, or what its slot says', () => {
    const state: LoadState = { status: 'not-found', error: 'No such entry' };
    expect(render({ state, notFoundText: 'Not found.' }).get('[data-testid="not-found"]').text()).toBe('Not found.');
    const w = render({ state }, { 'not-found': '<h1>Entry not found</h1>' });
    expect(w.get('[data-testid="not-found"] h1').text()).toBe('Entry not found');
    expect(w.find('button').exists()).toBe(false);
  });

  it('shows the empty text for an empty list, and the list otherwise', () => {
    expect(render({ empty: true }).text()).toBe('No folders yet.');
    const hinted = render({ empty: true, emptyHint: 'Add one above.', emptyTestid: 'library-empty' });
    expect(hinted.get('[data-testid="library-empty"]').text()).toBe('No folders yet.Add one above.');
    const w = render({});
    expect(w.get('.list').text()).toBe('Music');
    expect(w.find('[role="alert"]').exists()).toBe(false);
  });

  it('draws the failure as a card with a heading on a page of its own', () => {
    const w = render({ state: { status: 'error', error: 'offline' }, look: 'card' });
    expect(w.get('[role="alert"] h1').text()).toBe('Something went wrong.');
    expect(w.get('button').classes()).toContain('accent');
  });
});
