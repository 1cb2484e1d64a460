// GET /app/status.json: the catalogue's size and the API's address, for the UI's home page.
import type { FastifyInstance } from 'fastify';

export async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.get('/app/status.json', async (request) => {
    const { catalogue, now } = app.deps;
    const stats = catalogue.stats(Math.floor(now() / 1000));
    return { ...stats, apiUrl: `${request.protocol}://${request.host}/` };
  });
}
