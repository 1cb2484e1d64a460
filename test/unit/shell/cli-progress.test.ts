// The CLI's progress display for work in named phases (an import, a sync): on a terminal a redrawn bar
// with counts (a count alone while the total is unknown), in a pipe one line per phase.
import { describe, expect, it } from 'vitest';
import { phasePrinter } from '../../../src-main/cli-progress';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream };
}
const LABELS = { scan: 'Looking for audio files', read: 'Reading files', write: 'Writing albums', done: 'Done' };

describe('phasePrinter()', () => {
  it('redraws one line on a terminal: the phase with done/total, or the count alone while the total is unknown', () => {
    const out = stream(true);
    const show = phasePrinter(LABELS, out.stream);
    show({ phase: 'scan', done: 0, total: 0 });
    show({ phase: 'scan', done: 12, total: 0 });
    show({ phase: 'read', done: 5, total: 12 });
    show({ phase: 'done', done: 3, total: 3 });
    const frames = out.written.map((w) => w.replace(/\x1b\[K/g, ''));
    expect(frames[0]).toMatch(/^\r\[#{30}\] Looking for audio files $/);
    expect(frames[1]).toMatch(/^\r\[#{30}\] Looking for audio files 12$/);
    expect(frames[2]).toBe(`\r[${'#'.repeat(13)}${'-'.repeat(17)}] Reading files 5/12`);
    expect(frames[3]).toMatch(/Done 3\/3$/);
    expect(out.written.at(-1)).toBe('\n');
  });

  it('writes one line per phase into a pipe', () => {
    const out = stream(false);
    const show = phasePrinter(LABELS, out.stream);
    for (const p of ['scan', 'scan', 'read', 'read', 'write', 'done']) show({ phase: p, done: 1, total: 2 });
    expect(out.written.join('')).toBe('Looking for audio files …\nReading files …\nWriting albums …\n');
  });
});
