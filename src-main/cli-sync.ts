// `moecat sync --from URL --key KEY`: copies a remote Moefou-compatible API into the working catalogue of
// the data directory — the same file and the same syncRemote() as the server's Settings → Sync — with a
// progress line on stderr and a summary on stdout. The remote down, the key refused, garbage or a remote
// that keeps changing fail in one line (exit 1), leaving whole batches and a cursor that the next run
// resumes from; Ctrl+C stops at once the same way.
import { join } from 'node:path';
import { openCatalogueWriter } from './catalogue/write/catalogue-writer';
import { phasePrinter } from './cli-progress';
import { workingCatalogueFor } from './cli-working-catalogue';
import { printable } from './terminal-text';

const LABELS = {
  pages: 'Listing entries',
  schedule: 'Reading the on-air schedule',
  fetch: 'Fetching new and changed entries',
  remove: 'Removing entries gone from the remote',
  audio: 'Caching audio',
  done: 'Done',
};

export interface SyncCommandOptions {
  url: string;
  key?: string;
  rate?: number;
  cacheAudio: boolean;
  /** Bytes. */
  cacheCap?: number;
  covers: boolean;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function syncCommand(opts: SyncCommandOptions, dataDir: string, print: (line: string) => void = console.log): Promise<void> {
  // The remote's titles and messages reach these lines (its problems, the address it answered as).
  const out = (line: string) => print(printable(line));
  const { normaliseRemoteUrl, remoteStateOf, syncRemote } = await import('./catalogue/sync/remote-sync');
  const url = normaliseRemoteUrl(opts.url);
  const working = await workingCatalogueFor(dataDir);

  const writer = openCatalogueWriter(working);
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once('SIGINT', interrupt);
  const show = phasePrinter(LABELS);
  const problems: string[] = [];
  try {
    const known = writer.findSource('remote', url);
    if (!opts.key && !(known && remoteStateOf(known).key)) throw new Error(`sync needs --key KEY (the API key of ${url}).`);
    const result = await syncRemote({
      writer,
      url,
      key: opts.key,
      rate: opts.rate,
      cacheAudio: opts.cacheAudio,
      cacheDir: join(dataDir, 'cache'),
      cacheCapBytes: opts.cacheCap,
      coversDir: opts.covers ? dataDir : undefined,
      signal: stop.signal,
      progress: show,
      problem: (m) => problems.push(m),
    }).catch((err: unknown) => {
      if (!stop.signal.aborted) throw err;
      const run = writer.findSource('remote', url);
      const cursor = run && remoteStateOf(run).run;
      const where = cursor ? ` after ${cursor.done} of ${cursor.pending} entries` : '';
      throw new Error(`Interrupted${where}; run the same command again to resume.`);
    });
    out(
      `Synced ${url}: ${counted(result.listed, 'entry', 'entries')} (${result.added} added, ${result.changed} updated, ${result.removed} removed, ${result.unchanged} unchanged), ${counted(result.subs, 'sub-entry', 'sub-entries')} written${result.resumed ? ', resuming the interrupted sync' : ''}.`,
    );
    if (opts.cacheAudio) {
      const a = result.audio;
      out(
        `Audio cache: ${counted(a.cached, 'song', 'songs')} play from ${join(dataDir, 'cache', 'audio')} (${a.downloaded} downloaded, ${a.evicted} evicted to stay under the cap), ${a.skipped} left on the remote.`,
      );
    }
    if (problems.length > 0) {
      out(`${counted(problems.length, 'problem', 'problems')} did not stop the sync:`);
      for (const problem of problems) out(`  ${problem}`);
    }
  } finally {
    process.removeListener('SIGINT', interrupt);
    writer.close();
  }
}
