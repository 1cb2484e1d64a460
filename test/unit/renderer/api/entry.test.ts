// The player's playlist request: /listen/playlist answers a page at a time (at most 50 items), so an
// album or radio longer than a page is fetched page after page until the server says there is no more.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Record<string, unknown>[] = [];
let total = 0;
vi.mock('../../../../src-renderer/src/api/client', () => ({
  getApi: async (path: string, params: { page: number; perpage: number }) => {
    calls.push({ path, ...params });
    const start = (params.page - 1) * params.perpage;
    const ids = Array.from({ length: Math.max(0, Math.min(params.perpage, total - start)) }, (_, i) => start + i + 1);
    return {
      information: { page: params.page, perpage: params.perpage, count: total, may_have_next: start + ids.length < total },
      playlist: ids.map((sub_id) => ({ sub_id })),
    };
  },
}));

const { fetchPlaylist } = await import('../../../../src-renderer/src/api/entry');

beforeEach(() => {
  calls.length = 0;
});

describe('fetchPlaylist', () => {
  it('gathers every page of a long radio, in order, and stops when there is no next page', async () => {
    total = 120;
    const items = await fetchPlaylist({ radio: 7 });
    expect(items.map((i) => i.sub_id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(calls[0]).toMatchObject({ path: '/listen/playlist', radio: 7, api: 'json', perpage: 50 });
  });

  it('asks once for a short album, and once for an album without audio', async () => {
    total = 12;
    expect(await fetchPlaylist({ music: 3 })).toHaveLength(12);
    total = 0;
    expect(await fetchPlaylist({ music: 4 })).toEqual([]);
    expect(calls).toHaveLength(2);
  });
});
