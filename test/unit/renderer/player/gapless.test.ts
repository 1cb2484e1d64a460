// Which tracks join gapless, and the times a decoded track ends at (where the next one starts) and
// plays at.
import { describe, expect, it } from 'vitest';
import { DECODED_MAX_SECONDS, decodable, endTime, joins, positionAt } from '../../../../src-renderer/src/player/gapless';

const song = (order: string, extra: { wikiId?: number; duration?: number; transcode?: number } = {}) => ({ wikiId: 1, order, duration: 200, ...extra });

describe('joins', () => {
  it('joins the next track of the same album, in album order', () => {
    expect(joins(song('1'), song('2'))).toBe(true);
    expect(joins(song('9'), song('10'))).toBe(true);
    expect(joins(song('1.9'), song('2.1'))).toBe(true);
  });

  it('does not join another album, an earlier track, the same track again, or a track of unknown order', () => {
    expect(joins(song('1'), song('2', { wikiId: 2 }))).toBe(false);
    expect(joins(song('3'), song('2'))).toBe(false);
    const one = song('1');
    expect(joins(one, one)).toBe(false);
    expect(joins(song('1'), { wikiId: 1, duration: 200 })).toBe(false);
    expect(joins(song('1'), null)).toBe(false);
  });

  it('does not join a stream or a track too long to hold decoded, on either side', () => {
    expect(joins(song('1'), song('2', { transcode: 7 }))).toBe(false);
    expect(joins(song('1', { transcode: 7 }), song('2'))).toBe(false);
    expect(joins(song('1'), song('2', { duration: DECODED_MAX_SECONDS + 1 }))).toBe(false);
    expect(joins(song('1', { duration: 80 * 60 }), song('2'))).toBe(false);
    expect(joins(song('1', { duration: 0 }), song('2'))).toBe(false);
  });

  it('decodable: browser-decodable and at most DECODED_MAX_SECONDS long', () => {
    expect(decodable(song('1', { duration: DECODED_MAX_SECONDS }))).toBe(true);
    expect(decodable(song('1', { duration: DECODED_MAX_SECONDS + 0.5 }))).toBe(false);
  });
});

describe('endTime and positionAt', () => {
  it('ends a buffer started at `when` from `offset` at when + (length − offset)', () => {
    expect(endTime(10, 0, 3)).toBe(13);
    expect(endTime(10, 1.25, 3)).toBe(11.75);
    expect(endTime(10, 5, 3)).toBe(10);
  });

  it('answers the position within the track, never before the offset or past the end', () => {
    expect(positionAt(9, 10, 1, 3)).toBe(1);
    expect(positionAt(11.5, 10, 1, 3)).toBe(2.5);
    expect(positionAt(20, 10, 1, 3)).toBe(3);
  });
});
