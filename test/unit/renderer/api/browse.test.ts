// The browse screen's requests: a tab asks for its section's every type — Anime includes web series,
// which the API's narrower `anime` alias leaves out — for the entry list and the tag chips alike.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; params: Record<string, unknown> }[] = [];
vi.mock('../../../../src-renderer/src/api/client', () => ({
  getApi: async (path: string, params: Record<string, unknown>) => {
    calls.push({ path, params });
    return { information: { count: 0, page: 1, perpage: 20 }, wikis: [], tags: [] };
  },
}));

const { fetchTags, fetchWikis } = await import('../../../../src-renderer/src/api/browse');

beforeEach(() => {
  calls.length = 0;
});

describe('browse requests', () => {
  it('ask for every anime kind, web series included, in the list and the tag chips', async () => {
    await fetchWikis({ type: 'anime', tags: [], initial: 'b' }, 2, 24);
    await fetchTags('anime', 12);
    expect(calls[0]).toMatchObject({ path: '/wikis.json', params: { wiki_type: 'tv,web,movie,ova,oad', initial: 'b', page: 2, perpage: 24 } });
    expect(calls[1]).toMatchObject({ path: '/app/tags.json', params: { wiki_type: 'tv,web,movie,ova,oad', limit: 12 } });
  });

  it('ask for music and radio as they are', async () => {
    await fetchWikis({ type: 'music', tags: ['OST'] }, 1, 20);
    await fetchTags('radio', 12);
    expect(calls[0].params).toMatchObject({ wiki_type: 'music', tag: 'OST' });
    expect(calls[1].params).toMatchObject({ wiki_type: 'radio', source: undefined });
  });

  it('ask for the tags of the chosen kinds of source only', async () => {
    await fetchTags('music', 12, ['folder', 'remote']);
    expect(calls[0]).toMatchObject({ path: '/app/tags.json', params: { wiki_type: 'music', source: 'folder,remote' } });
  });
});
