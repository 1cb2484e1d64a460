// Progress display for long CLI work: a redrawn bar on a terminal, a line per phase otherwise
// (so CI logs and pipes stay readable).
import type { BuildProgress } from './catalogue/build/builder';
import { printable } from './terminal-text';

const LABELS: Record<BuildProgress['phase'], string> = {
  read: 'Reading bangumi-data',
  audio: 'Synthesising demo audio',
  write: 'Writing entries',
  done: 'Done',
};

export function progressPrinter(stream: NodeJS.WriteStream = process.stderr): (p: BuildProgress) => void {
  return phasePrinter(LABELS, stream);
}

/** Long work with named phases (an import, a sync): the same display, a label per phase ('done' ends the bar). */
export function phasePrinter(
  labels: Record<string, string>,
  stream: NodeJS.WriteStream = process.stderr,
): (p: { phase: string; done: number; total: number }) => void {
  let lastPhase = '';
  return (p) => {
    const label = printable(labels[p.phase] ?? p.phase);
    if (!stream.isTTY) {
      if (p.phase !== lastPhase && p.phase !== 'done') stream.write(`${label} …\n`);
      lastPhase = p.phase;
      return;
    }
    const width = 30;
    const filled = p.total > 0 ? Math.round((p.done / p.total) * width) : width;
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
    const counts = p.total > 0 ? `${p.done}/${p.total}` : p.done > 0 ? String(p.done) : ''; // a total of 0 is not known yet
    stream.write(`\r${bar} ${label} ${counts}\x1b[K`);
    if (p.phase === 'done') stream.write('\n');
  };
}
