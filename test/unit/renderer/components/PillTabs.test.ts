// @vitest-environment happy-dom
// PillTabs: one link per item with its label, link and test id; only the current one is marked.
import { enableAutoUnmount, mount, RouterLinkStub } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import PillTabs from '../../../../src-renderer/src/components/PillTabs.vue';

enableAutoUnmount(afterEach);

describe('PillTabs', () => {
  it('links every item under its label and marks only the current one', () => {
    const w = mount(PillTabs, {
      props: {
        items: ['entries', 'songs', 'recent'],
        current: 'songs',
        linkFor: (x: string) => `/favourites?tab=${x}`,
        labelOf: (x: string) => x.toUpperCase(),
        label: 'Lists',
        testid: 'fav-tab',
      },
      global: { stubs: { RouterLink: RouterLinkStub } },
    });
    expect(w.get('nav').attributes('aria-label')).toBe('Lists');
    const links = w.findAllComponents(RouterLinkStub);
    expect(links.map((l) => l.props('to'))).toEqual(['/favourites?tab=entries', '/favourites?tab=songs', '/favourites?tab=recent']);
    expect(links.map((l) => l.text())).toEqual(['ENTRIES', 'SONGS', 'RECENT']);
    expect(links.map((l) => l.attributes('data-testid'))).toEqual(['fav-tab-entries', 'fav-tab-songs', 'fav-tab-recent']);
    expect(links.map((l) => l.attributes('aria-current') ?? null)).toEqual([null, 'page', null]);
    expect(links.map((l) => l.classes('on'))).toEqual([false, true, false]);
  });
});
