// The folder import, measured for `npm run bench`: `moecat serve`'s server imports the generated library
// (tools/gen-library.ts) through the app's own job (POST /app/library/import), as the Library page does
// — in the server's process — while a steady load (tools/steady-load.ts) keeps asking it for answers at
// LOAD_RATE requests a second, evenly spaced (after a few seconds of the same load to warm the server
// up): steady use by several listeners, where the served figures' saturating load would measure how the
// two share the CPU, not the import; then imports it again with nothing changed, the same load running.
// The figures: files per second of each run (the job's own start and end), the server process's peak
// RSS, and the latency of the load during the first import beside the same load right before it, with the
// server's event-loop delay over the import (the time a request waits for the thread that answers). The
// server's CPU time over each run is reported beside (the load's share included): on a shared machine
// it says what the import costs when the wall clock says how busy the machine was.
import { percentiles, steadyLoad, type LoadFigures, type RunningLoad } from './steady-load';

/** Time a thread spent runnable but waiting for a CPU (ms), and its share of the time measured (0–1). */
export interface CpuWait {
  ms: number;
  share: number;
}

export interface ImportRun {
  seconds: number;
  filesPerSecond: number;
  status: string;
  result: unknown;
  problems: number;
  /** The load's latency (ms) and throughput while the job ran. */
  during: LoadFigures;
  /** The server process's CPU time over the run (all its threads), s. */
  cpuSeconds: number;
  /** How long the thread that answers waited, runnable, for a CPU while the job ran. */
  waited: CpuWait | null;
  /** The server's event-loop delay over the run (ms): how long a request that arrived waited for the thread that answers. */
  eld: { p99: number; max: number };
  /** The server's own time per request of the load (ms): its headers read to its answer written. */
  inServer: { p50: number; p99: number };
}

/** What the bench reads in the server's process. */
export interface ImportServer {
  /** CPU time the process has used, µs. */
  cpuUs(): Promise<number>;
  /** How long the thread that answers has waited for a CPU so far (ms), or null where the system does not tell. */
  waitedForCpuMs(): Promise<number | null>;
  /** Starts a new event-loop delay window. */
  eldReset(): Promise<void>;
  /** The event-loop delay since eldReset (ms). */
  eld(): Promise<{ p99: number; max: number }>;
  /** Starts recording the server's own time per request of the load; times() answers those since, in ms. */
  record(): Promise<unknown>;
  times(): Promise<number[]>;
}

export interface ImportFigures {
  files: number;
  first: ImportRun;
  again: ImportRun;
  /** The same load right before the first import (BEFORE_SECONDS), and how long the thread that answers waited for a CPU meanwhile. */
  before: LoadFigures;
  waitedBefore: CpuWait | null;
}

/** How long the load runs, measured, right before the first import (s). */
const BEFORE_SECONDS = 4;

/** Requests a second of the load beside the import, over 4 connections. */
export const LOAD_RATE = 200;

/**
 * What the load asks, in turn, each with the p99 the served figures hold it to (docs/search-and-performance.md):
 * 5 ms for an operation with a typical keyword, 20 ms for the worst keyword, a word in about a third of all
 * titles — `sakura` is in the names of 29 % of the generated library's songs or their albums.
 */
export const LOAD_PATHS = [
  { name: 'entry list, anime', path: '/wikis.json?wiki_type=anime', targetMs: 5 },
  { name: 'on-air week', path: '/on-air.json', targetMs: 5 },
  { name: 'search/wiki touhou', path: '/search/wiki.json?keyword=touhou', targetMs: 5 },
  { name: 'search/sub worst (sakura)', path: '/search/sub.json?keyword=sakura', targetMs: 20 },
] as const;

/** The path the load asks for `LOAD_PATHS[k]`, with the API key. */
const withKey = (path: string, apiKey: string) => `${path}${path.includes('?') ? '&' : '?'}api_key=${apiKey}`;

/** Each of LOAD_PATHS' own figures in `figures` (the load's, with `apiKey`). */
export function figuresByOperation(figures: LoadFigures, apiKey: string) {
  const none = { p50: Infinity, p99: Infinity, max: Infinity, requests: 0 };
  return LOAD_PATHS.map((op) => ({ ...op, ...(figures.byPath[withKey(op.path, apiKey)] ?? none) }));
}

interface Job {
  id: string;
  status: string;
  startedAt: number;
  finishedAt: number | null;
  problems: string[];
  result?: unknown;
  error: string | null;
}

/** Imports `folder` (of `files` audio files) twice on the server at `url`, measuring as the header says. */
export async function benchImport(url: string, uiToken: string, apiKey: string, folder: string, files: number, server: ImportServer): Promise<ImportFigures> {
  const headers = { 'content-type': 'application/json', 'x-moecat-ui': uiToken, origin: url.replace(/\/$/, '') };
  const paths = LOAD_PATHS.map((op) => withKey(op.path, apiKey));
  const load = () => steadyLoad(url, paths, LOAD_RATE, 4, { 'accept-encoding': 'gzip' });
  // A failed request answers fast and would make a figure of nothing.
  const stopped = async (running: RunningLoad) => {
    const figures = await running.stop();
    if (figures.failed > 0) throw new Error(`${figures.failed} requests of the load failed, first: ${figures.firstFailure}`);
    return figures;
  };
  const loadFor = async (seconds: number) => {
    const running = load();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return stopped(running);
  };
  const jobOf = async (id: string) => {
    const answer = (await (await fetch(new URL(`/app/jobs/${id}.json`, url), { headers })).json()) as { response?: { job: Job } };
    if (!answer.response) throw new Error(`job ${id}: ${JSON.stringify(answer)}`);
    return answer.response.job;
  };

  const run = async (): Promise<ImportRun> => {
    const cpuBefore = await server.cpuUs();
    await server.eldReset();
    await server.record();
    // A job the server started itself (a folder watcher's import) is waited for.
    let answer: { response?: { job?: Job; information?: { error?: number } } } = {};
    for (let tries = 0; !answer.response?.job && tries < 3000; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      answer = (await (
        await fetch(new URL('/app/library/import.json', url), { method: 'POST', headers, body: JSON.stringify({ folder }) })
      ).json()) as typeof answer;
      if (!answer.response?.job && answer.response?.information?.error !== 409) break;
    }
    if (!answer.response?.job) throw new Error(`the import did not start: ${JSON.stringify(answer)}`);
    const loading = load();
    const waiting = await cpuWait(server);
    let job: Job = answer.response.job;
    let last = '';
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await jobOf(job.id);
      const p = (job as unknown as { progress?: { phase?: string; done?: number; total?: number } }).progress;
      const line = p ? `  ${p.phase} ${p.done}/${p.total}` : '';
      if (line !== last && process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(40)}`);
      last = line;
    }
    if (process.stdout.isTTY) process.stdout.write('\r'.padEnd(42) + '\r');
    const waited = await waiting.stop();
    const during = await stopped(loading);
    if (job.status !== 'done') throw new Error(`the import ended ${job.status}: ${job.error ?? ''}`);
    const seconds = ((job.finishedAt ?? Date.now()) - job.startedAt) / 1000;
    const eld = await server.eld();
    const { p50, p99 } = percentiles(await server.times());
    const inServer = { p50, p99 };
    const cpuSeconds = ((await server.cpuUs()) - cpuBefore) / 1e6;
    return {
      seconds,
      filesPerSecond: files / seconds,
      status: job.status,
      result: job.result,
      problems: job.problems.length,
      during,
      cpuSeconds,
      waited,
      eld,
      inServer,
    };
  };

  // The load runs a few seconds first, unmeasured: the server's first answers (its caches filling, code
  // compiled on first use) say nothing of how an import running beside it changes what it answers.
  await loadFor(3);
  const waitingBefore = await cpuWait(server);
  const before = await loadFor(BEFORE_SECONDS);
  const waitedBefore = await waitingBefore.stop();
  const first = await run();
  const again = await run();
  return { files, first, again, before, waitedBefore };
}

/** How long the thread that answers waits for a CPU from now to stop(), and what share of that time it is (null where the system does not tell). */
async function cpuWait(server: ImportServer): Promise<{ stop(): Promise<CpuWait | null> }> {
  const startMs = await server.waitedForCpuMs();
  const startedAt = performance.now();
  return {
    async stop() {
      const endMs = await server.waitedForCpuMs();
      if (startMs === null || endMs === null) return null;
      const ms = endMs - startMs;
      return { ms, share: ms / (performance.now() - startedAt) };
    },
  };
}
