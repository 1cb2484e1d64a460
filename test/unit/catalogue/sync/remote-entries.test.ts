import { describe, expect, it } from 'vitest';
import type { RemoteWiki } from '../../../../src-main/catalogue/sync/remote-answers';
import { toIncomingEntry } from '../../../../src-main/catalogue/sync/remote-entries';

const wiki = (sites: RemoteWiki['wiki_sites']): RemoteWiki => ({
  wiki_id: 7,
  wiki_title: 'Show',
  wiki_type: 'tv',
  wiki_date: 0,
  wiki_modified: 0,
  wiki_sites: sites,
});
const site = (name: string, url: string, kind: 'onair' | 'info' = 'onair') => ({ site: name, name, kind, url, begin: 0, regions: [] });

describe('toIncomingEntry(): a show’s sites from a Moecat remote', () => {
  it('keeps http(s) links once each, and drops any other scheme or kind', () => {
    const entry = toIncomingEntry(
      'https://remote.example',
      wiki([
        site('a', 'https://a.example/1'),
        site('b', 'javascript:alert(1)'),
        site('c', 'file:///etc/passwd', 'info'),
        site('a', 'https://a.example/2'),
        { ...site('d', 'https://d.example/'), kind: 'resource' as never },
        site('e', 'not a url'),
        site('f', 'http://f.example/x', 'info'),
      ]),
      [],
      new Map(),
      [],
    );
    expect(entry.sites?.map((s) => s.url)).toEqual(['https://a.example/1', 'http://f.example/x']);
  });

  it('gives none when the remote says nothing of sites', () => {
    expect(toIncomingEntry('https://remote.example', wiki(undefined), [], new Map(), []).sites).toEqual([]);
  });
});
