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
import { connect, type Socket } from 'node:net';

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
  /** The same latency percentiles (ms) for each path asked, and how many of its answers came in. */
  byPath: Record<string, { p50: number; p99: number; max: number; requests: number }>;
}

/** The p50, p99 and largest of `times` (ms), which it sorts; `ifNone` for each when there are none. */
export function percentiles(times: number[], ifNone = NaN): { p50: number; p99: number; max: number } {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? ifNone;
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

export interface RunningLoad {
  /** Stops sending, waits for the answers still due, and gives the figures. */
  stop(): Promise<LoadFigures>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * One kept-alive connection asking one thing at a time, over a plain socket: the request's bytes are
 * made once per path, and of the answer only its status line and Content-Length are read (the server's
 * catalogue answers all have one), the body counted and dropped. node:http's client cost four times
 * autocannon's CPU per request here — CPU the import beside the load would not have.
 */
class Connection {
  private socket: Socket | undefined;
  private head: Buffer[] = [];
  private body = -1;
  private current: { bytes: Buffer; done: (failure?: string) => void } | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  get busy(): boolean {
    return this.current !== undefined;
  }

  send(bytes: Buffer, done: (failure?: string) => void): void {
    this.current = { bytes, done };
    this.head = [];
    this.body = -1;
    if (!this.socket) {
      const socket = connect({ host: this.host, port: this.port, noDelay: true });
      socket.on('data', (chunk) => this.read(chunk));
      socket.on('error', (err) => this.end(err.message));
      socket.on('close', () => this.end('the connection closed'));
      this.socket = socket;
    }
    this.socket.write(bytes);
  }

  close(): void {
    this.socket?.destroy();
  }

  private read(chunk: Buffer): void {
    if (this.body < 0) {
      this.head.push(chunk);
      const all = this.head.length === 1 ? chunk : Buffer.concat(this.head);
      const at = all.indexOf(HEADER_END);
      if (at < 0) return;
      const head = all.subarray(0, at).toString('latin1');
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (status !== 200 || !length) return this.finish(status !== 200 ? `HTTP ${status}` : 'an answer without Content-Length');
      this.body = Number(length[1]) - (all.length - at - HEADER_END.length);
    } else {
      this.body -= chunk.length;
    }
    if (this.body <= 0) this.finish();
  }

  private finish(failure?: string): void {
    const current = this.current;
    this.current = undefined;
    // An answer this client cannot read leaves the connection in an unknown state: the next request opens another.
    if (failure) this.drop();
    current?.done(failure);
  }

  private end(message: string): void {
    this.drop();
    const current = this.current;
    this.current = undefined;
    current?.done(message);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.removeAllListeners();
    socket?.on('error', () => {});
    socket?.destroy();
  }
}

/** The requests of one load: sent over `connections` kept-alive connections, timed, their answers dropped. */
function timedRequests(base: string, connections: number, headers: Record<string, string>) {
  const url = new URL(base);
  const host = url.hostname;
  const port = Number(url.port || 80);
  const pool = Array.from({ length: connections }, () => new Connection(host, port));
  const waiting: { path: string; at: number; resolve: () => void }[] = [];
  const requestBytes = new Map<string, Buffer>();
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const bytesOf = (path: string) => {
    let bytes = requestBytes.get(path);
    if (!bytes) requestBytes.set(path, (bytes = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${extra}\r\n`, 'latin1')));
    return bytes;
  };
  const latencies: number[] = [];
  const latenciesOf = new Map<string, number[]>();
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const next = (connection: Connection) => {
    const request = waiting.shift();
    if (!request) return;
    connection.send(bytesOf(request.path), (failure) => {
      if (failure) failures.push(`${request.path}: ${failure}`);
      else {
        const ms = performance.now() - request.at;
        latencies.push(ms);
        const ofPath = latenciesOf.get(request.path);
        if (ofPath) ofPath.push(ms);
        else latenciesOf.set(request.path, [ms]);
      }
      request.resolve();
      next(connection);
    });
  };
  const send = (path: string): Promise<void> => {
    const done = new Promise<void>((resolve) => waiting.push({ path, at: performance.now(), resolve }));
    pending.add(done);
    void done.then(() => pending.delete(done));
    const free = pool.find((c) => !c.busy);
    if (free) next(free);
    return done;
  };
  const figures = async (): Promise<LoadFigures> => {
    await Promise.all(pending);
    const seconds = (performance.now() - started) / 1000;
    for (const connection of pool) connection.close();
    return {
      ...percentiles(latencies, Infinity),
      rps: latencies.length / seconds,
      requests: latencies.length,
      failed: failures.length,
      ...(failures.length > 0 ? { firstFailure: failures[0] } : {}),
      byPath: Object.fromEntries([...latenciesOf].map(([path, ms]) => [path, { ...percentiles(ms, Infinity), requests: ms.length }])),
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
