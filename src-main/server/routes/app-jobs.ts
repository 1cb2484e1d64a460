// The UI's view of long catalogue work (catalogue-jobs.ts): the jobs, one job's progress, cancel.
// First-party only; JSON envelope answers. The routes that start jobs live with their features
// (library import, sync, sources).
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error';
import { firstPartyOnly, onlyAllow, sendNoStore } from '../app-route-helpers';

export async function appJobRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = firstPartyOnly(app);
  const jobOf = (id: string) => {
    const job = app.jobs.get(id);
    if (!job) throw new ApiError('NOT_FOUND', `No job ${id}.`);
    return job;
  };

  app.get('/app/jobs.json', { onRequest }, async (request, reply) => sendNoStore(request, reply, { jobs: app.jobs.list() }));
  onlyAllow(app, '/app/jobs.json', ['GET', 'HEAD']);

  app.get<{ Params: { id: string } }>('/app/jobs/:id.json', { onRequest }, async (request, reply) =>
    sendNoStore(request, reply, { job: jobOf(request.params.id) }),
  );
  onlyAllow(app, '/app/jobs/:id.json', ['GET', 'HEAD']);

  app.post<{ Params: { id: string } }>('/app/jobs/:id/cancel.json', { onRequest }, async (request, reply) => {
    const job = jobOf(request.params.id);
    if (!app.jobs.cancel(job.id)) throw new ApiError('CONFLICT', `Job ${job.id} is not running (it is ${job.status}).`);
    return sendNoStore(request, reply, { job });
  });
  onlyAllow(app, '/app/jobs/:id/cancel.json', ['POST']);
}
