// M3U8 export: text from elsewhere (titles, artists, locations a remote or a file name gave) cannot add
// a line or a directive, whatever control characters it holds; reading takes locations, not directives.
import { describe, expect, it } from 'vitest';
import { m3uLocations, toM3u8, type M3uItem } from '../../../../src-main/catalogue/user/m3u';

const item = (over: Partial<M3uItem>): M3uItem => ({ title: 'Song', artist: 'Band', seconds: 61.4, location: '/music/song.mp3', ...over });
const BREAKS = ['\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\u0000', '\u001b]0;title\u0007', '\u007f', '\u009b2J'];

describe('toM3u8()', () => {
  it('writes a header, then #EXTINF and the location per song', () => {
    expect(toM3u8([item({}), item({ artist: '', title: 'Alone', seconds: -1, location: 'http://127.0.0.1:7777/files/a.mp3' })])).toBe(
      '#EXTM3U\n#EXTINF:61,Band - Song\n/music/song.mp3\n#EXTINF:-1,Alone\nhttp://127.0.0.1:7777/files/a.mp3\n',
    );
  });

  it.each(BREAKS.map((b) => [[...b].map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join(' '), b]))(
    'keeps %s in a title, an artist or a location from starting a line',
    (_name, brk) => {
      const text = toM3u8([
        item({
          title: `Title${brk}#EXTINF:1,Injected${brk}http://evil.example/x.mp3`,
          artist: `Artist${brk}#EXT-X-KEY:URI=x`,
          location: `/music/a.mp3${brk}#EXTINF:2,More${brk}/etc/passwd`,
        }),
      ]);
      const lines = text.split(/\r\n|\r|\n|\u000b|\u000c|\u0085|\u2028|\u2029/);
      expect(lines).toHaveLength(4); // the header, #EXTINF, the location, and '' after the last newline
      expect(lines[0]).toBe('#EXTM3U');
      expect(lines[1]).toMatch(/^#EXTINF:61,Artist/);
      expect(lines[2]).toMatch(/^\/music\/a\.mp3/);
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(m3uLocations(text)).toEqual([lines[2]]);
    },
  );

  it('leaves out a song whose location would read as a directive or is empty', () => {
    const text = toM3u8([item({ location: '#EXTINF:1,x' }), item({ location: ' \n#EXT-X-ENDLIST' }), item({ location: '\u0000' }), item({ title: 'Kept' })]);
    expect(text).toBe('#EXTM3U\n#EXTINF:61,Band - Kept\n/music/song.mp3\n');
  });

  it('writes -1 for a length that is not a number', () => {
    expect(toM3u8([item({ seconds: Number.NaN })])).toContain('#EXTINF:-1,');
  });
});

describe('m3uLocations()', () => {
  it('takes every line that is not empty and not a directive, trimmed, a BOM dropped', () => {
    expect(m3uLocations('\uFEFF#EXTM3U\r\n#EXTINF:1,a\r\n  /music/a.mp3  \n\n#comment\rhttp://h/b.mp3')).toEqual(['/music/a.mp3', 'http://h/b.mp3']);
  });

  it('stops reading at `max` locations', () => {
    expect(m3uLocations('#EXTM3U\na\n\nb\nc\nd', 2)).toEqual(['a', 'b']);
    expect(m3uLocations('x\n'.repeat(349_000), 10_001)).toHaveLength(10_001);
  });
});
