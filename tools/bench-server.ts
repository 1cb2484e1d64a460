// The benchmark's server process (tools/bench.ts starts it): `--mode app` serves a catalogue with the
// real app, `--mode start` measures startMoecat() as `moecat serve` runs it (the ready time: resources
// folder, data folder with its working catalogue and user database), `--mode hello` is a Fastify
// hello-world. It talks to the bench over IPC: event-loop delay and RSS are read inside it. The bench
// bundles it with code splitting, as the product's build does, so modules loaded on demand (the
// catalogue builder and its dependencies) stay out of start-up.
import Fastify from 'fastify';
import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { projectDirs } from '../src-main/app-dirs';
import { openCatalogue } from '../src-main/catalogue/read/catalogue';
import { openUserDb } from '../src-main/catalogue/user/user-db';
import { buildApp } from '../src-main/server/app';
import { listen } from '../src-main/server/bind';
import { startMoecat } from '../src-main/server/start';

export type BenchRequest = { cmd: 'eld-reset' } | { cmd: 'stats' } | { cmd: 'clear-cache' } | { cmd: 'record' } | { cmd: 'timings' } | { cmd: 'stop' };
/** One answered request: the app's own time (ms) and the page faults it took. */
export type Timing = [ms: number, faults: number];
export interface BenchStats {
  rssMiB: number;
  /** The process's peak RSS so far. */
  maxRssMiB: number;
  heapMiB: number;
  /** V8's heap as reserved from the system (heapMiB is what is in use), and memory outside it (Buffers, SQLite). */
  heapTotalMiB: number;
  externalMiB: number;
  eldP99Ms: number;
  eldMaxMs: number;
  cacheHits: number;
  cacheMisses: number;
  /** CPU time the process has used (user + system), µs. */
  cpuUs: number;
  /**
   * How long the thread that answers has waited, runnable, for a CPU (ms; the kernel's schedstat, Linux
   * only): what a machine short of cores adds to every answer.
   */
  waitedForCpuMs: number | null;
}

/** The main thread's time spent waiting on a run queue (ms), where the kernel tells it. */
function waitedForCpuMs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}

const { values } = parseArgs({
  options: {
    mode: { type: 'string' },
    catalogue: { type: 'string' },
    resources: { type: 'string' },
    'data-dir': { type: 'string' },
    files: { type: 'string' },
    // The built command line, for the anime data's update (run in a process of its own, as `moecat serve` does).
    cli: { type: 'string' },
  },
});
// `start` keeps the bench's data folder (a second start finds its working copy and user database).
const ownDataDir = values['data-dir'] === undefined;
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'moecat-bench-'));
const eld = monitorEventLoopDelay({ resolution: 1 });
eld.enable();
let clearCache = () => {};
let cacheCounts = () => ({ hits: 0, misses: 0 });
let close = async () => {};
let url: string;
let apiKey = '';
let uiToken = '';
/**
 * Between 'record' and 'timings': per answered request, the app's own time (Fastify's reply.elapsedTime;
 * in `start` mode, from the request's headers read to the answer written) and its minor page faults (a fresh page costs ~16 µs on the VM of the README's figures). Off otherwise,
 * so the soak's RSS holds nothing of the bench's own.
 */
let recording = false;
let times: number[] = [];
let faults: number[] = [];
const faultsAtStart = new WeakMap<object, number>();
const startedAt = performance.now();

if (values.mode === 'hello') {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  // A file of --files sent from memory as it is: what sending an answer's exact bytes costs (and costs
  // the load generator, which decodes every body) with no work behind it.
  const bodies = new Map<string, Buffer>();
  app.get<{ Params: { name: string } }>('/file/:name', async (request, reply) => {
    const name = basename(request.params.name);
    if (!bodies.has(name)) bodies.set(name, readFileSync(join(values.files!, name)));
    return reply.type(name.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8').send(bodies.get(name));
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  close = () => app.close();
} else if (values.mode === 'start') {
  const server = await startMoecat({
    dataDir,
    ...projectDirs(),
    ...(values.resources ? { resourcesDir: values.resources } : {}),
    catalogueFile: values.catalogue,
    ...(values.cli ? { helper: { command: process.execPath, args: [values.cli] } } : {}),
  });
  url = server.url;
  apiKey = server.apiKey;
  uiToken = server.uiToken;
  close = () => server.close();
  // startMoecat's app takes no more hooks once it listens: its requests are timed by Node's HTTP
  // diagnostics channels instead, from the request's headers read to its answer's last byte written.
  const begun = new WeakMap<object, [at: number, faults: number]>();
  subscribe('http.server.request.start', (m) => {
    if (recording) begun.set((m as { response: object }).response, [performance.now(), process.resourceUsage().minorPageFault]);
  });
  subscribe('http.server.response.finish', (m) => {
    const start = begun.get((m as { response: object }).response);
    const { url: path } = (m as { request: { url: string } }).request;
    // The app's own requests (the bench polling its job) are not the load's.
    if (recording && start !== undefined && !path.startsWith('/app/') && times.length < 100_000) {
      times.push(performance.now() - start[0]);
      faults.push(process.resourceUsage().minorPageFault - start[1]);
    }
  });
} else {
  const catalogue = openCatalogue(values.catalogue!);
  const userDb = openUserDb(join(dataDir, 'user.db'));
  const app = await buildApp({ catalogue, userDb, audioDir: dataDir });
  // Callback hooks, which cost the served loads nothing measurable when not recording (async ones make
  // a promise per request each).
  app.addHook('onRequest', (request, _reply, done) => {
    if (recording) faultsAtStart.set(request, process.resourceUsage().minorPageFault);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const f0 = faultsAtStart.get(request);
    if (recording && f0 !== undefined && times.length < 100_000) {
      times.push(reply.elapsedTime);
      faults.push(process.resourceUsage().minorPageFault - f0);
    }
    done();
  });
  url = await listen(app, { host: '127.0.0.1', port: 0 });
  apiKey = userDb.defaultKey().key;
  clearCache = () => app.answerCache.clear();
  cacheCounts = () => ({ hits: app.answerCache.hits, misses: app.answerCache.misses });
  close = async () => {
    await app.close();
    catalogue.close();
    userDb.close();
  };
}

const readyMs = performance.now();
process.send!({ url, apiKey, uiToken, readyMs, startMs: readyMs - startedAt });
async function answer(m: BenchRequest): Promise<void> {
  if (m.cmd === 'eld-reset') {
    eld.reset();
    process.send!({ ok: true });
  } else if (m.cmd === 'record') {
    recording = true;
    process.send!({ ok: true });
  } else if (m.cmd === 'timings') {
    process.send!(times.map((ms, i): Timing => [ms, faults[i]]));
    recording = false;
    times = [];
    faults = [];
  } else if (m.cmd === 'clear-cache') {
    clearCache();
    process.send!({ ok: true });
  } else if (m.cmd === 'stats') {
    const mem = process.memoryUsage();
    const c = cacheCounts();
    const stats: BenchStats = {
      rssMiB: mem.rss / 2 ** 20,
      maxRssMiB: process.resourceUsage().maxRSS / 1024,
      heapMiB: mem.heapUsed / 2 ** 20,
      heapTotalMiB: mem.heapTotal / 2 ** 20,
      externalMiB: mem.external / 2 ** 20,
      eldP99Ms: eld.percentile(99) / 1e6,
      eldMaxMs: eld.max / 1e6,
      cacheHits: c.hits,
      cacheMisses: c.misses,
      cpuUs: process.cpuUsage().user + process.cpuUsage().system,
      waitedForCpuMs: waitedForCpuMs(),
    };
    process.send!(stats);
  } else if (m.cmd === 'stop') {
    await close();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
}
process.on('message', (m: BenchRequest) => void answer(m));
