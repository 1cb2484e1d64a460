import type { ILyricsTag } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { decodeLyricsFile, lyricsFromTags, parseLrc } from '../../../../src-main/catalogue/import/lyrics';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('parseLrc()', () => {
  it('reads stamps of every precision, several on a line, in time order, leaving out ID tags and malformed lines', () => {
    const lyrics = parseLrc(
      [
        '[ti:Sakura]',
        '[ar:Hanamori Yui]',
        '[00:12.5]second',
        '[00:01.00]first',
        '[01:02.345][00:30]chorus',
        'no stamp here',
        '[xx:yy]broken',
        '[00:75.00]no such second',
        '[00:40]  ',
      ].join('\r\n'),
    );
    expect(lyrics).toEqual({
      synced: true,
      source: 'lrc',
      lines: [
        { time_ms: 1000, text: 'first' },
        { time_ms: 12500, text: 'second' },
        { time_ms: 30000, text: 'chorus' },
        { time_ms: 40000, text: '' },
        { time_ms: 62345, text: 'chorus' },
      ],
    });
  });

  it('shifts every stamp by [offset:] (positive = earlier), never below 0', () => {
    const lyrics = parseLrc('[offset:+500]\n[00:00.20]a\n[00:02.00]b')!;
    expect(lyrics.lines).toEqual([
      { time_ms: 0, text: 'a' },
      { time_ms: 1500, text: 'b' },
    ]);
    expect(parseLrc('[offset:-250]\n[00:01.00]a')!.lines[0].time_ms).toBe(1250);
  });

  it('ignores an offset of more than an hour, so every time is a whole number of milliseconds', () => {
    const digits = '9'.repeat(400);
    for (const offset of [`-${digits}`, `+${digits}`, digits, '-3600001', '99999999999999999999']) {
      const lyrics = parseLrc(`[offset:${offset}]\n[00:01.00]a\n[00:02.50]b`)!;
      expect(lyrics.lines, offset).toEqual([
        { time_ms: 1000, text: 'a' },
        { time_ms: 2500, text: 'b' },
      ]);
      expect(JSON.parse(JSON.stringify(lyrics)).lines.every((l: { time_ms: unknown }) => Number.isSafeInteger(l.time_ms))).toBe(true);
    }
    expect(parseLrc('[offset:-3600000]\n[00:01.00]a')!.lines[0].time_ms).toBe(3_601_000);
  });

  it('takes an .lrc without stamps as unsynced text, and an empty one as none', () => {
    expect(parseLrc('\n\nline one\nline two\n\n')).toEqual({
      synced: false,
      source: 'lrc',
      lines: [
        { time_ms: 0, text: 'line one' },
        { time_ms: 0, text: 'line two' },
      ],
    });
    expect(parseLrc('[ar:Someone]\n\n')).toBeNull();
  });
});

describe('lyricsFromTags()', () => {
  const tag = (over: Partial<ILyricsTag>): ILyricsTag => ({ contentType: 1, timeStampFormat: 0, syncText: [], ...over }) as ILyricsTag;

  it('prefers SYLT in milliseconds, in time order', () => {
    const lyrics = lyricsFromTags([
      tag({ text: 'plain words' }),
      tag({
        timeStampFormat: 2,
        syncText: [
          { text: 'later', timestamp: 2000 },
          { text: 'sooner', timestamp: 500 },
        ],
      }),
    ]);
    expect(lyrics).toEqual({
      synced: true,
      source: 'sylt',
      lines: [
        { time_ms: 500, text: 'sooner' },
        { time_ms: 2000, text: 'later' },
      ],
    });
  });

  it('falls back to USLT text, and to none', () => {
    expect(lyricsFromTags([tag({ text: 'one\ntwo' })])).toEqual({
      synced: false,
      source: 'uslt',
      lines: [
        { time_ms: 0, text: 'one' },
        { time_ms: 0, text: 'two' },
      ],
    });
    // SYLT in MPEG frames cannot be placed in time: not used.
    expect(lyricsFromTags([tag({ timeStampFormat: 1, syncText: [{ text: 'x', timestamp: 10 }] })])).toBeNull();
    expect(lyricsFromTags(undefined)).toBeNull();
  });
});

describe('decodeLyricsFile()', () => {
  it('reads UTF-8 with or without a BOM, and UTF-16 by its BOM', () => {
    expect(decodeLyricsFile(Buffer.from('[00:01]東方', 'utf8'))).toBe('[00:01]東方');
    expect(decodeLyricsFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('歌', 'utf8')]))).toBe('歌');
    expect(decodeLyricsFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('歌詞', 'utf16le')]))).toBe('歌詞');
  });

  it('tells GB18030 Chinese from Shift_JIS Japanese', () => {
    // 东方的歌词 in GB18030; さくらの歌 in Shift_JIS.
    expect(decodeLyricsFile(bytes('[00:01.00]', [0xb6, 0xab, 0xb7, 0xbd, 0xb5, 0xc4, 0xb8, 0xe8, 0xb4, 0xca]))).toBe('[00:01.00]东方的歌词');
    expect(decodeLyricsFile(bytes('[00:01.00]', [0x82, 0xb3, 0x82, 0xad, 0x82, 0xe7, 0x82, 0xcc, 0x89, 0xcc]))).toBe('[00:01.00]さくらの歌');
  });
});
