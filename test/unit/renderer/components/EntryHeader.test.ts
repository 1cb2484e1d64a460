// @vitest-environment happy-dom
// EntryHeader's date: a show with a slot names its first broadcast day, as its broadcast panel does (a
// Thursday 25:00 premiere that bangumi-data dates Friday is Thursday's); an album from a folder whose
// tags carry no date names none; any other entry names its own date.
import { createPinia } from 'pinia';
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { defineComponent } from 'vue';
import type { WikiDto } from '../../../../src-main/contract/objects';
import { localMidnight } from '../../../../src-main/contract/time';
import EntryHeader from '../../../../src-renderer/src/components/EntryHeader.vue';
import { i18n } from '../../../../src-renderer/src/i18n';
import { wikiDto } from '../../../fixtures/dto';

enableAutoUnmount(afterEach);

async function dateShown(wiki: WikiDto): Promise<string | null> {
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/:p(.*)', component: defineComponent({ render: () => null }) }] });
  await router.push('/');
  const w = mount(EntryHeader, { props: { wiki, playable: 0, totalSeconds: 0 }, global: { plugins: [createPinia(), router, i18n] } });
  const time = w.find('[data-testid="entry-date"]');
  return time.exists() ? time.text() : null;
}

describe('EntryHeader date', () => {
  it('names a show’s first broadcast day, not bangumi-data’s calendar day of its late-night premiere', async () => {
    const show = {
      ...wikiDto({ wiki_id: 454438, wiki_type: 'tv', wiki_title: '北斗の拳', wiki_date: localMidnight(2026, 4, 10, 'Asia/Tokyo') }),
      wiki_broadcast: {
        weekdays: [4],
        time: '25:00',
        period_days: 7,
        date_begin: localMidnight(2026, 4, 9, 'Asia/Tokyo'),
        date_end: 0,
        time_zone: 'Asia/Tokyo',
      },
    };
    expect(await dateShown(show)).toBe('Apr 9, 2026');
  });

  it('names no release date for a folder album whose tags have none, and a tagged one’s date', async () => {
    const folder = { source_id: 2, kind: 'folder' as const, name: 'Music' };
    const undated = wikiDto({
      wiki_id: 9,
      wiki_type: 'music',
      wiki_date: localMidnight(2026, 11, 27),
      wiki_source: folder,
      wiki_meta: [{ meta_key: 'year', meta_value: '' }],
    });
    expect(await dateShown(undated)).toBeNull();
    const dated = wikiDto({
      wiki_id: 10,
      wiki_type: 'music',
      wiki_date: localMidnight(2019, 3, 1),
      wiki_source: folder,
      wiki_meta: [{ meta_key: 'year', meta_value: '2019' }],
    });
    expect(await dateShown(dated)).toBe('Mar 1, 2019');
    expect(await dateShown(wikiDto({ wiki_id: 11, wiki_type: 'music', wiki_date: localMidnight(2023, 10, 6) }))).toBe('Oct 6, 2023');
  });
});
