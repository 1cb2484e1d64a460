import { describe, expect, it } from 'vitest';
import { artistNames, artistOf, peopleOf } from '../../../src-main/contract/credits';

describe('credits', () => {
  it('splits an artist value into names', () => {
    expect(artistNames('Hana, Kaze')).toEqual(['Hana', 'Kaze']);
    expect(artistNames('Aoi & Sora')).toEqual(['Aoi', 'Sora']);
    expect(artistNames('星野あおい、林晓风')).toEqual(['星野あおい', '林晓风']);
    expect(artistNames('Yui feat. Mio')).toEqual(['Yui', 'Mio']);
    expect(artistNames('A, B, C …')).toEqual(['A', 'B', 'C']);
    expect(artistNames('Simon & Garfunkel')).toEqual(['Simon', 'Garfunkel']);
  });

  it('names the people of an entry once each, artist then album artist', () => {
    const meta = [
      { meta_key: 'artist', meta_value: 'Hana, Kaze' },
      { meta_key: 'album_artist', meta_value: 'Summer Friends' },
      { meta_key: 'label', meta_value: 'Not a person' },
      { meta_key: 'personality', meta_value: 'Hana' },
    ];
    expect(peopleOf(meta)).toEqual(['Hana', 'Kaze', 'Summer Friends']);
    expect(peopleOf(null)).toEqual([]);
    expect(artistOf([], meta)).toBe('Hana, Kaze');
  });
});
