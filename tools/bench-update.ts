// The anime data's update, measured for `npm run bench`: `moecat serve`'s server on the bundled
// catalogue updates it from a registry on loopback serving the installed bangumi-data's next release
// (tools/bangumi-releases.ts), as Settings → Anime data does — the work in a process of its own — while
// autocannon keeps asking the server for answers. The time from the request to the swap, and the
// server's latency meanwhile beside the same load right before, are the figures.
import autocannon, { type Result } from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { nextRealRelease, releaseOf } from './bangumi-releases';

export interface UpdateFigures {
  seconds: number;
  status: string;
  /** autocannon's p99 (ms) and throughput with the update running, and right before it. */
  during: { p99: number; rps: number };
  before: { p99: number; rps: number };
}

/** A registry on loopback answering bangumi-data's metadata and its one release's tarball. */
async function registryWith(version: string, tarball: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const server = createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    if (req.url === '/bangumi-data') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({
          name: 'bangumi-data',
          versions: { [version]: { version, dist: { tarball: `${base}/bangumi-data/-/bangumi-data-${version}.tgz`, integrity } } },
        }),
      );
    }
    if (req.url === `/bangumi-data/-/bangumi-data-${version}.tgz`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
      return void res.end(tarball);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const loadOf = (r: Result) => ({ p99: r.latency.p99, rps: r.requests.average });

/** Runs the update on the server at `url` (the UI's token `uiToken`), measuring as the header says. */
export async function benchUpdate(url: string, uiToken: string, apiKey: string): Promise<UpdateFigures> {
  const { data } = nextRealRelease(Date.now());
  const registry = await registryWith(data.version, await releaseOf(data));
  const headers = { 'content-type': 'application/json', 'x-moecat-ui': uiToken, origin: url.replace(/\/$/, '') };
  const post = async (path: string, body: unknown) => (await fetch(new URL(path, url), { method: 'POST', headers, body: JSON.stringify(body) })).json();
  const paths = ['/wikis.json?wiki_type=anime', '/on-air.json', '/search/wiki.json?keyword=touhou', '/search/sub.json?keyword=sakura'].map((p) =>
    `${p}&api_key=${apiKey}`.replace('.json&', '.json?'),
  );
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
  const pound = (seconds: number) => autocannon({ url, connections: 4, duration: seconds, requests, headers: { 'accept-encoding': 'gzip' } });
  try {
    const before = loadOf(await pound(4));
    const started = performance.now();
    const answer = (await post('/app/anime-data/update.json', { registry: registry.url })) as { response: { job: { id: string } } };
    const id = answer.response.job.id;
    // The load runs until the job ends, and the job is asked after every quarter second.
    const loading = pound(300);
    let job: { status: string; result?: { status: string } } = { status: 'running' };
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = ((await (await fetch(new URL(`/app/jobs/${id}.json`, url), { headers })).json()) as { response: { job: typeof job } }).response.job;
    }
    const seconds = (performance.now() - started) / 1000;
    loading.stop();
    const during = loadOf(await loading);
    return { seconds, status: `${job.status}${job.result ? ` (${job.result.status})` : ''}`, during, before };
  } finally {
    await registry.close();
  }
}
