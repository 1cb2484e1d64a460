// The reference for the ready figure: a Fastify hello-world, started the way tools/bench.ts starts the
// server (a forked process reporting over IPC), timed the same way — process start to listening — so the
// report shows what this machine's Node and Fastify take before any of Moecat's own start-up.
import Fastify from 'fastify';
import { performance } from 'node:perf_hooks';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const readyMs = performance.now();
process.send!({ url, apiKey: '', readyMs, startMs: 0 });
process.on('message', (m: { cmd: string }) => {
  if (m.cmd !== 'stop') return;
  void app.close().then(() => process.exit(0));
});
