// Loads for the benchmark's figures where autocannon measures something else than the server:
// - steadyLoad: steady use of a server that is doing other work (an import): `rate` requests a second,
//   one every 1000/rate ms. autocannon's own rate limit sends each second's quota as fast as it can at
//   the start of the second and then waits, so "200 a second" is a saturating burst of about 100 ms
//   every second, which measures how the burst and the other work share the CPU, not what a listener
//   waits.
// - backToBack: one request after another on each connection, as a player asks one thing at a time.
//   autocannon keeps each answer's body by appending its chunks to a string, so a gzip-compressed
//   answer of a few hundred kilobytes costs it 4–14 ms of decoding binary as UTF-8 before it counts the
//   answer in; here the body is read to its last byte and dropped, as the cold figures' client does.
// A request's latency runs from the moment it is sent (when it is due, for steadyLoad) to its answer's
// last byte: one that finds every connection busy waits for one, and that wait counts.
import http from 'node:http';

export interface LoadFigures {
  /** Latency percentiles (ms; Infinity when no answer came in). */
  p50: number;
  p99: number;
  max: number;
  /** Answers a second, over the load's whole time. */
  rps: number;
  requests: number;
  /** Requests that failed: not HTTP 200, or no answer. */
  failed: number;
  /** The first failure, to say why. */
  firstFailure?: string;
}

export interface RunningLoad {
  /** Stops sending, waits for the answers still due, and gives the figures. */
  stop(): Promise<LoadFigures>;
}

/** The requests of one load: sent over `connections` kept-alive connections, timed, their answers dropped. */
function timedRequests(base: string, connections: number, headers: Record<string, string>) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const send = (path: string): Promise<void> => {
    const at = performance.now();
    const done = new Promise<void>((resolve) => {
      const request = http.get({ host: url.hostname, port: url.port, path, agent, headers }, (response) => {
        if (response.statusCode !== 200) failures.push(`${path}: HTTP ${response.statusCode}`);
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - at);
          resolve();
        });
      });
      request.on('error', (err) => {
        failures.push(`${path}: ${err.message}`);
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
    return done;
  };
  const figures = async (): Promise<LoadFigures> => {
    await Promise.all(pending);
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Infinity;
    return {
      p50: at(0.5),
      p99: at(0.99),
      max: sorted.at(-1) ?? Infinity,
      rps: sorted.length / seconds,
      requests: sorted.length,
      failed: failures.length,
      ...(failures.length > 0 ? { firstFailure: failures[0] } : {}),
    };
  };
  return { send, figures, started };
}

/** `rate` requests a second to the server at `base` (e.g. `http://127.0.0.1:8080`), evenly spaced, taking `paths` in turn. */
export function steadyLoad(base: string, paths: readonly string[], rate: number, connections: number, headers: Record<string, string> = {}): RunningLoad {
  const requests = timedRequests(base, connections, headers);
  const interval = 1000 / rate;
  let sent = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    // Requests that fell due while this process waited are sent now, so the rate holds.
    while (requests.started + sent * interval <= performance.now()) void requests.send(paths[sent++ % paths.length]);
    timer = setTimeout(tick, Math.max(0, requests.started + sent * interval - performance.now()));
  };
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      return requests.figures();
    },
  };
}

/** Each of `connections` asks the server at `base` for `paths` in turn, the next as soon as the last answer is in, for `seconds`. */
export async function backToBack(
  base: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const requests = timedRequests(base, connections, headers);
  const end = requests.started + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await requests.send(paths[next++ % paths.length]);
    }),
  );
  return requests.figures();
}
