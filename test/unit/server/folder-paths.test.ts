// withoutFolderPaths: the `folder` of every wiki_meta within an answer removed, on a copy (catalogue
// answers may be shared or cached), and the very same object back when there is none.
import { describe, expect, it } from 'vitest';
import { withoutFolderPaths } from '../../../src-main/server/folder-paths';

const meta = (pairs: Record<string, string>) => Object.entries(pairs).map(([meta_key, meta_value]) => ({ meta_key, meta_value }));

describe('withoutFolderPaths()', () => {
  it('removes folder from wiki_meta at any depth, leaving the rest and the original untouched', () => {
    const wiki = { wiki_id: 1, wiki_meta: meta({ artist: 'A', folder: '/home/me/Music/A' }) };
    const answer = { wikis: [wiki], sub: { sub_id: 2, wiki }, favs: [{ obj: { wiki_id: 3, wiki_meta: meta({ folder: '/home/me/B' }) } }] };
    const before = structuredClone(answer);
    const shown = withoutFolderPaths(answer);
    expect(shown.wikis[0].wiki_meta).toEqual(meta({ artist: 'A' }));
    expect(shown.sub.wiki.wiki_meta).toEqual(meta({ artist: 'A' }));
    expect(shown.favs[0].obj.wiki_meta).toBeNull();
    expect(JSON.stringify(shown)).not.toContain('/home/me');
    expect(answer).toEqual(before);
  });

  it('gives back the same objects when no folder is there', () => {
    const answer = {
      wikis: [
        { wiki_id: 1, wiki_meta: meta({ artist: 'A' }) },
        { wiki_id: 2, wiki_meta: null },
      ],
      count: 2,
    };
    expect(withoutFolderPaths(answer)).toBe(answer);
  });
});
