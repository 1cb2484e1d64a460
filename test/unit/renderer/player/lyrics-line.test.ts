import { describe, expect, it } from 'vitest';
import { activeLine } from '../../../../src-renderer/src/player/lyrics-line';

const synced = { synced: true, lines: [0, 2000, 4000, 4000, 6000].map((time_ms, i) => ({ time_ms, text: `l${i}` })) };

describe('activeLine()', () => {
  it('is the last line whose time has come', () => {
    expect(activeLine(synced, 0)).toBe(0);
    expect(activeLine(synced, 1.999)).toBe(0);
    expect(activeLine(synced, 2)).toBe(1);
    expect(activeLine(synced, 4.5)).toBe(3);
    expect(activeLine(synced, 99)).toBe(4);
  });

  it('is -1 before the first line, for unsynced lyrics and for none', () => {
    expect(activeLine({ synced: true, lines: [{ time_ms: 1500, text: 'a' }] }, 1)).toBe(-1);
    expect(activeLine({ ...synced, synced: false }, 3)).toBe(-1);
    expect(activeLine(null, 3)).toBe(-1);
  });
});
