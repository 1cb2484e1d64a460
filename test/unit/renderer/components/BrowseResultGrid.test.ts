// @vitest-environment happy-dom
// Browse's cover cards link with plain <a href> and one click handler on the grid: a plain left click
// opens the entry in the app (no page load); a click with a modifier key, another button, or one the
// heart already handled is left to the browser, as a RouterLink would leave it.
import { createPinia } from 'pinia';
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { defineComponent } from 'vue';
import { wikiDto } from '../../../fixtures/dto';
import BrowseResultGrid from '../../../../src-renderer/src/components/BrowseResultGrid.vue';
import { i18n } from '../../../../src-renderer/src/i18n';
import { useFavouritesStore } from '../../../../src-renderer/src/stores/favourites';

enableAutoUnmount(afterEach);

const Empty = defineComponent({ render: () => null });
const wikis = [wikiDto({ wiki_id: 11, wiki_type: 'music', wiki_title: 'Album' }), wikiDto({ wiki_id: 22, wiki_type: 'tv', wiki_title: 'Show' })];

async function render() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/browse/music', component: Empty },
      { path: '/:section(music|radio|anime)/:id(\\d+)', component: Empty },
    ],
  });
  await router.push('/browse/music');
  const pinia = createPinia();
  const wrapper = mount(BrowseResultGrid, { props: { wikis }, global: { plugins: [pinia, router, i18n] } });
  return { wrapper, router, favourites: useFavouritesStore(pinia) };
}

/** Clicks a card's link as the user would, and answers whether the browser was left to follow it. */
function click(link: Element, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  link.dispatchEvent(event);
  return !event.defaultPrevented;
}

describe('BrowseResultGrid links', () => {
  it('draws the first twelve cards at once and the rest right after the first frame', async () => {
    const page = Array.from({ length: 24 }, (_, i) => wikiDto({ wiki_id: 100 + i, wiki_type: 'music', wiki_title: `Album ${i}` }));
    const { wrapper } = await render();
    await wrapper.setProps({ wikis: page });
    expect(wrapper.findAll('[data-testid="browse-result"]')).toHaveLength(12);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 10)));
    await wrapper.vm.$nextTick();
    expect(wrapper.findAll('[data-testid="browse-result"]').map((a) => a.attributes('data-wiki-id'))).toEqual(page.map((w) => String(w.wiki_id)));
  });

  it('gives each card the URL of its entry page', async () => {
    const { wrapper } = await render();
    expect(wrapper.findAll('[data-testid="browse-result"]').map((a) => a.attributes('href'))).toEqual(['/music/11', '/anime/22']);
  });

  it('opens the entry in the app on a plain click, also on the title inside the link', async () => {
    const { wrapper, router } = await render();
    expect(click(wrapper.findAll('[data-testid="browse-result-title"]')[1].element)).toBe(false);
    await router.isReady();
    await new Promise((resolve) => setTimeout(resolve));
    expect(router.currentRoute.value.fullPath).toBe('/anime/22');
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])('leaves %o to the browser', async (init) => {
    const { wrapper, router } = await render();
    expect(click(wrapper.get('[data-testid="browse-result"]').element, init)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve));
    expect(router.currentRoute.value.fullPath).toBe('/browse/music');
  });

  it('does not follow the card when its heart is clicked', async () => {
    const { wrapper, router, favourites } = await render();
    const toggle = vi.spyOn(favourites, 'toggle').mockResolvedValue(true);
    await wrapper.get('[data-testid="fav-toggle"]').trigger('click');
    await new Promise((resolve) => setTimeout(resolve));
    expect(toggle).toHaveBeenCalledWith('wiki', 11, 'Album', false);
    expect(router.currentRoute.value.fullPath).toBe('/browse/music');
  });
});
