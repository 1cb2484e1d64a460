import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaController } from '../../../src-main/server/schema-compilers';

describe('lazySchemaController()', () => {
  it('still validates and serialises with schemas once a route declares them', async () => {
    const app = Fastify({ schemaController: lazySchemaController() });
    app.get(
      '/n',
      {
        schema: {
          querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ n: (request.query as { n: number }).n, hidden: 'dropped by the response schema' }),
    );
    try {
      const ok = await app.inject('/n?n=3');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ n: 3 });
      expect((await app.inject('/n?n=0')).statusCode).toBe(400);
      expect((await app.inject('/n')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
