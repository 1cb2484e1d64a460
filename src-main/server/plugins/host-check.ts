// Refuses requests whose Host is not this server's own loopback name and port, so a web page on a
// rebinding DNS name cannot talk to the local API (docs/architecture.md, Security); and requests that could pass the check
// while naming another host: two Host headers (Node keeps the first), or an absolute-form target
// (`GET http://elsewhere/…`) that names a host other than the Host header's.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendEnvelope } from '../envelope';

export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface HostCheckOptions {
  /** Host names accepted besides the loopback names (e.g. a --host address). */
  extraHostnames?: string[];
}

function splitHost(host: string): { name: string; port: string | undefined } {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  return m ? { name: m[1], port: m[2] } : { name: '', port: undefined };
}

/** An absolute-form target (`http://host/path`) naming the same host as the Host header; false for anything else but a path. */
function sameHost(target: string, host: string): boolean {
  try {
    return new URL(target).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

export const hostCheckPlugin = fp(
  async (app: FastifyInstance, opts: HostCheckOptions) => {
    const names = new Set([...LOOPBACK_NAMES, ...(opts.extraHostnames ?? []).map((h) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h).toLowerCase())]);
    // Read once listening (a system call per request showed in profiles); before listen (inject in
    // tests) there is no port to compare with.
    let ownPort: string | undefined;
    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw.rawHeaders;
      let hosts = 0;
      for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts++;
      if (hosts > 1) {
        await sendEnvelope(request, reply, { status: 400, msg: [`A request names exactly one host: it had ${hosts} Host headers.`] });
        return reply;
      }
      const target = request.raw.url ?? '';
      if (target[0] !== '/' && !sameHost(target, request.headers.host ?? '')) {
        await sendEnvelope(request, reply, { status: 403, msg: ['The request names another host than this server.'] });
        return reply;
      }
      const { name, port } = splitHost(request.headers.host ?? '');
      if (ownPort === undefined) {
        const address = app.server.address();
        if (address && typeof address === 'object') ownPort = String(address.port);
      }
      const portOk = ownPort === undefined || (port ?? '80') === ownPort;
      if (names.has(name) && portOk) return;
      await sendEnvelope(request, reply, { status: 403, msg: [`Host "${request.headers.host ?? ''}" is not this server.`] });
      return reply;
    });
  },
  { name: 'moecat-host-check' },
);
