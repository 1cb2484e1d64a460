// @vitest-environment happy-dom
// SettingsListState: "Loading" on the first load, the failure with Retry (passed up), the empty text,
// and otherwise the list itself.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import SettingsListState from '../../../../src-renderer/src/components/SettingsListState.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);

const render = (props: Record<string, unknown>) =>
  mount(SettingsListState, {
    props: { loading: false, error: null, loadingText: 'Loading folders…', errorText: 'Could not load: offline', emptyText: 'No folders yet.', ...props },
    slots: { default: '<ul class="list"><li>Music</li></ul>' },
    global: { plugins: [i18n] },
  });

describe('SettingsListState', () => {
  it('says it is loading, and shows no list yet', () => {
    const w = render({ loading: true });
    expect(w.text()).toBe('Loading folders…');
    expect(w.find('.list').exists()).toBe(false);
  });

  it('says why the load failed, with Retry passed up', async () => {
    const w = render({ error: 'offline' });
    expect(w.get('[role="alert"]').text()).toContain('Could not load: offline');
    await w.get('button').trigger('click');
    expect(w.emitted('retry')).toHaveLength(1);
    expect(w.find('.list').exists()).toBe(false);
  });

  it('shows the empty text for an empty list, and the list otherwise', () => {
    expect(render({ empty: true }).text()).toBe('No folders yet.');
    const w = render({});
    expect(w.get('.list').text()).toBe('Music');
    expect(w.find('[role="alert"]').exists()).toBe(false);
  });
});
