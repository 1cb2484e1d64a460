// Small helpers shared by the routes of the UI and of the user's own data: the JSON body as an object,
// 405 with Allow for the methods a path does not take, and the no-store envelope answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badParameter, missingParameter } from './api-error';
import { sendEnvelope } from './envelope';
import { requireFirstParty } from './plugins/first-party';

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The JSON body as an object, or a 400 saying what it should have been. */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_PARAMETER', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** A required non-empty string field of a JSON body. */
export function stringField(body: Record<string, unknown>, name: string, maxLength = 4096): string {
  const raw = body[name];
  if (raw === undefined || raw === null || raw === '') throw missingParameter(name);
  if (typeof raw !== 'string') throw badParameter(name, 'must be a string');
  if (raw.length > maxLength) throw badParameter(name, `must be at most ${maxLength} characters`);
  return raw;
}

/** Answers 405 (with Allow) for every method `url` does not take. */
export function onlyAllow(app: FastifyInstance, url: string, allowed: readonly string[]): void {
  app.route({
    method: ALL_METHODS.filter((m) => !allowed.includes(m)),
    url,
    handler: async (request, reply) => {
      reply.header('allow', allowed.join(', '));
      throw new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url.replace(/\.(json|xml)$/, '')}; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`);
    },
  });
}

/** onRequest hook: only the app's own UI. */
export function firstPartyOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => requireFirstParty(request, app.deps.uiToken);
}

/** The JSON envelope with `payload`, never cached by the browser. */
export function sendNoStore(request: FastifyRequest, reply: FastifyReply, payload: Record<string, unknown>) {
  return sendEnvelope(request, reply.header('cache-control', 'no-store'), { payload });
}
