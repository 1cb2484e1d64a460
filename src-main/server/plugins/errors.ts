// One error handler and one not-found handler for the whole server: every failure answers in the
// requested format (Fastify would otherwise fall back to JSON), with no stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiFormat } from '../../contract/envelope';
import { ApiError } from '../api-error';
import { echoablePath } from '../credentials';
import { formatOfUrl, sendEnvelope } from '../envelope';

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error, request, reply) => {
      if (error instanceof ApiError) return sendEnvelope(request, reply, { status: error.status, msg: error.messages });
      const { statusCode: status, headers } = error as { statusCode?: number; headers?: Record<string, string> };
      // Errors may carry headers that belong to the answer (a 416's `Content-Range: bytes */size`).
      if (headers) reply.headers(headers);
      if (status && status >= 400 && status < 500) return sendEnvelope(request, reply, { status, msg: [(error as Error).message] });
      request.log.error(error);
      return sendEnvelope(request, reply, { status: 500, msg: ['The server failed to answer this request.'] });
    });
  },
  { name: 'moecat-errors' },
);

/** The not-found answer for API-shaped paths, in the requested format (requestedFormat's, when no route chose one). */
export function sendNotFound(request: Parameters<typeof sendEnvelope>[0], reply: Parameters<typeof sendEnvelope>[1]) {
  request.apiFormat ??= requestedFormat(request.url, request.headers.accept);
  const path = echoablePath(request.url.split('?')[0]);
  return sendEnvelope(request, reply, { status: 404, msg: [`Nothing is at ${path}.`] });
}

/**
 * The format of a request no operation has read: `api=json|xml`, else the path's suffix (`.xml`, `.json`),
 * else an Accept header naming JSON or XML (and not HTML, as browsers do), else JSON.
 */
export function requestedFormat(url: string, accept: string | undefined): ApiFormat {
  const q = url.indexOf('?');
  const api = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get('api')?.toLowerCase();
  if (api === 'json' || api === 'xml') return api;
  const path = q === -1 ? url : url.slice(0, q);
  if (/\.(json|xml)(?:\/|%2f)*$/i.test(path)) return formatOfUrl(path);
  const types = (accept ?? '').toLowerCase();
  if (types && !types.includes('text/html') && /(?:application|text)\/xml/.test(types) && !/application\/(?:[\w.+-]*\+)?json/.test(types)) return 'xml';
  return 'json';
}

const ROUTER_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid percent-encoded UTF-8.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is longer than 500 characters.',
};

/**
 * Requests the router refuses before any route or hook runs — an address whose escapes are not UTF-8
 * (`/music/%FF`), a path parameter over the router's limit — answered like every other error: the
 * envelope with a 400 in the requested format (Fastify's own answer is bare JSON quoting the whole
 * address, credentials included). Fastify's `frameworkErrors` option, for every app that routes.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.apiFormat = requestedFormat(request.url, request.headers.accept);
  const message = ROUTER_ERRORS[error.code] ?? 'The request cannot be routed.';
  return sendEnvelope(request, reply, { status: 400, msg: [message] });
}
