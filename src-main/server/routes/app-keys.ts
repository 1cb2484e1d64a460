// The UI's API-key management (Settings): list, create and revoke keys in the user database. Only the
// app's own UI may call these — even the list, since it shows the keys — so every route checks the
// first-party token before the body is read. Answers use the JSON envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKey } from '../../catalogue/user-db';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { sendEnvelope } from '../envelope';
import { requireFirstParty } from '../plugins/first-party';

/** A key as the UI sees it; the secret appears only in the answer that created it. */
export interface ApiKeyView {
  key: string;
  name: string;
  /** Unix seconds. */
  created: number;
  /** Unix seconds when revoked, null while active. */
  revoked: number | null;
  secret?: string;
}

export const KEY_NAME_MAX = 64;
const KEY_SHAPE = /^[0-9a-f]{41}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const view = (k: ApiKey): ApiKeyView => ({ key: k.key, name: k.name, created: k.createdAt, revoked: k.revokedAt });

/** The JSON body as an object, or a 400 saying what it should have been. */
function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_PARAMETER', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

function keyName(body: Record<string, unknown>): string {
  const raw = body.name;
  if (raw === undefined || raw === null) throw missingParameter('name');
  if (typeof raw !== 'string') throw badParameter('name', 'must be a string');
  const name = raw.trim();
  if (name === '') throw missingParameter('name');
  if ([...name].length > KEY_NAME_MAX) throw badParameter('name', `must be at most ${KEY_NAME_MAX} characters`);
  if (CONTROL.test(name)) throw badParameter('name', 'must not contain control characters');
  return name;
}

function keyOf(body: Record<string, unknown>): string {
  const raw = body.key;
  if (raw === undefined || raw === null || raw === '') throw missingParameter('key');
  if (typeof raw !== 'string' || !KEY_SHAPE.test(raw)) throw badParameter('key', 'must be an API key (41 lower-case hex characters)');
  return raw;
}

export async function appKeysRoutes(app: FastifyInstance): Promise<void> {
  const firstParty = async (request: FastifyRequest) => requireFirstParty(request, app.deps.uiToken);
  const send = (request: FastifyRequest, reply: FastifyReply, payload: Record<string, unknown>) =>
    sendEnvelope(request, reply.header('cache-control', 'no-store'), { payload });

  /** Answers 405 (with Allow) for every method a path does not take. */
  const onlyAllow = (url: string, allowed: readonly string[]) =>
    app.route({
      method: ALL_METHODS.filter((m) => !allowed.includes(m)),
      url,
      handler: async (request, reply) => {
        reply.header('allow', allowed.join(', '));
        throw new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url}; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`);
      },
    });

  app.get('/app/keys.json', { onRequest: firstParty }, async (request, reply) => send(request, reply, { api_keys: app.deps.userDb.listKeys().map(view) }));
  onlyAllow('/app/keys.json', ['GET', 'HEAD']);

  app.post('/app/keys/create.json', { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
    const name = keyName(bodyOf(request));
    const created = app.deps.userDb.createKey(name, Math.floor(app.deps.now() / 1000));
    return send(request, reply, { api_key: { ...view(created), secret: created.secret } });
  });
  onlyAllow('/app/keys/create.json', ['POST']);

  app.post('/app/keys/revoke.json', { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
    const key = keyOf(bodyOf(request));
    const { userDb, now } = app.deps;
    if (!userDb.listKeys().some((k) => k.key === key)) throw new ApiError('NOT_FOUND', `There is no API key ${key}.`);
    if (key === app.deps.uiKey) throw badParameter('key', 'is the key this app itself uses and cannot be revoked while it runs');
    // Revoking a revoked key changes nothing and says so: the answer shows when it was revoked.
    userDb.revokeKey(key, Math.floor(now() / 1000));
    return send(request, reply, { api_key: view(userDb.listKeys().find((k) => k.key === key)!) });
  });
  onlyAllow('/app/keys/revoke.json', ['POST']);
}
