// Audio files and covers for requests from another computer (docs/architecture.md, Security). On this
// computer `<audio>` and `<img>` load /files/… and /covers/… without a credential: they hold nothing
// private and a browser cannot add a header to them. A server started with `--host` is reached from
// the network too; there a request for /files/… or /covers/… must carry what opens them:
// - `mp`, the media pass of a signed-in browser (its page appends it; ended with the session),
// - `api_key` or `apiKey`, an active API key (tools and players that call the API with one),
// - or come through the OpenSubsonic face, which checked the player's credential and routes the request
//   on (grantMedia).
// Anything else is 401 in the envelope, before a file is looked at.
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from '../envelope';
import { parseQuery } from '../query';

const GRANTED = Symbol('moecat.media-granted');
const KEY_SHAPE = /^[0-9a-f]{41}$/;
const MEDIA_PREFIXES = ['/files/', '/covers/'];

/** Marks a request the OpenSubsonic face authorised before routing it on to /files/… or /covers/…. */
export function grantMedia(raw: IncomingMessage): void {
  (raw as IncomingMessage & { [GRANTED]?: true })[GRANTED] = true;
}

/** Whether `address` (a socket's remote address) is this computer. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

export const mediaAccessPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.raw.url ?? '';
      if (!MEDIA_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
      if (isLoopback(request.socket.remoteAddress) || (request.raw as IncomingMessage & { [GRANTED]?: true })[GRANTED]) return;
      let params: Map<string, string>;
      try {
        params = parseQuery(url).params;
      } catch {
        params = new Map();
      }
      const pass = params.get('mp');
      if (pass && app.sessions.allowsMedia(pass)) return;
      const key = params.get('api_key') ?? params.get('apiKey');
      if (key && KEY_SHAPE.test(key) && app.deps.userDb.isActiveKey(key)) return;
      await sendEnvelope(request, reply, {
        status: 401,
        msg: ['From another computer, audio files and covers are served with a credential: sign in to the app, or add an API key (api_key).'],
      });
      return reply;
    });
  },
  { name: 'moecat-media-access' },
);
