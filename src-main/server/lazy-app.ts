// Parts of the server built on heavy plugins — @fastify/static (audio files, the UI's assets; ~45 ms to
// load) and @fastify/swagger with Swagger UI (/docs) — and the UI's own endpoints (`/app/…`, some fifty
// routes) are built on their first request instead of at start-up (the ready target,
// docs/search-and-performance.md). Fastify cannot add routes once it listens, so such a part is an
// app of its own, built on first use; the server's routes for its paths hand each request over with
// `fastify.routing(req, res)` (public API). The server's onRequest hooks (the host check) have run by
// then; the inner app has the same error and not-found answers (the envelope, in the requested format).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { answerRouterError, errorsPlugin, sendNotFound } from './plugins/errors';
import { lazySchemaController } from './schema-compilers';

/** A bare app with the server's error and not-found answers (or `notFound`), for lazyApp's `build`. */
export async function innerApp(
  opts: { routerOptions?: FastifyServerOptions['routerOptions']; notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    schemaController: lazySchemaController(),
    routerOptions: { maxParamLength: 500, ...opts.routerOptions },
    frameworkErrors: (error, request, reply) => void answerRouterError(error, request, reply),
  });
  app.decorateRequest('apiFormat', null);
  await app.register(errorsPlugin);
  app.setNotFoundHandler(opts.notFound ?? ((request, reply) => sendNotFound(request, reply)));
  return app;
}

/**
 * A route handler that builds the app once (on the first request; a failed build is tried again on the
 * next one) and lets it answer every request. As a route's onRequest hook it hands a request over before
 * Fastify reads its body, which the app then reads under its own routes' limits. `close()` closes the
 * app if it was built.
 */
export function lazyApp(build: () => Promise<FastifyInstance>) {
  let built: Promise<FastifyInstance> | undefined;
  const get = (): Promise<FastifyInstance> => {
    if (!built) {
      built = build().then(async (app) => {
        await app.ready();
        return app;
      });
      built.catch(() => {
        built = undefined;
      });
    }
    return built;
  };
  return {
    handler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const app = await get();
      reply.hijack();
      app.routing(request.raw, reply.raw);
    },
    close: async (): Promise<void> => {
      if (built) await (await built).close();
    },
  };
}
