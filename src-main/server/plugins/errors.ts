// One error handler and one not-found handler for the whole server: every failure answers in the
// requested format (Fastify would otherwise fall back to JSON), with no stack trace.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../api-error';
import { sendEnvelope } from '../envelope';

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

/** The not-found answer for API-shaped paths, in the requested format. */
export function sendNotFound(request: Parameters<typeof sendEnvelope>[0], reply: Parameters<typeof sendEnvelope>[1]) {
  const path = request.url.split('?')[0];
  return sendEnvelope(request, reply, { status: 404, msg: [`Nothing is at ${path}.`] });
}
