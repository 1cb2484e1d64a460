// Posters and Bangumi details from Bangumi (catalogue/sync/posters.ts), the UI's alone:
//   GET  /app/posters.json         { posters: { enabled, api_base, asked, saved, details_asked, details_kept }, job }
//   POST /app/posters.json         enabled, api_base? → the same (off by default; api_base http(s))
//   POST /app/posters/fetch.json   → a job that fetches the posters and details not asked for yet (resumable)
// One opt-in for both: each is one more request for the same Bangumi id to the same API. Turning them
// off stops nothing already saved from showing; it only keeps Moecat from asking.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error';
import type { JobState, PosterView } from '../../contract/app';
import { defineOperation, one, shaped } from './define';
import { flag, httpBase } from './params';

const loadPosters = () => import('../../catalogue/sync/posters');

function view(app: FastifyInstance): PosterView {
  const { enabled, apiBase } = app.deps.userDb.settings.posters();
  const details = app.deps.userDb.showDetails.counts();
  return { enabled, api_base: apiBase, ...app.deps.userDb.posters.counts(), details_asked: details.asked, details_kept: details.kept };
}
const latest = (app: FastifyInstance) => app.jobs.list().find((j) => j.kind === 'posters') ?? null;

export const posterState = defineOperation({
  method: 'GET',
  path: '/app/posters',
  spellings: 'json',
  auth: 'first-party',
  summary:
    'Whether anime posters and Bangumi details (summaries, episodes) are fetched from Bangumi, from which API, how many were asked for and kept, and the latest run',
  responds: { posters: one(shaped<PosterView>()), job: one(shaped<JobState | null>()) },
  params: {},
  handle: ({ app }) => ({ payload: { posters: view(app), job: latest(app) } }),
});

export const setPosters = defineOperation({
  method: 'POST',
  path: '/app/posters',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Turns fetching posters and Bangumi details from Bangumi on or off, and sets the API it asks',
  responds: { posters: one(shaped<PosterView>()), job: one(shaped<JobState | null>()) },
  params: {
    enabled: flag({ description: 'true to fetch posters and Bangumi details when asked (a JSON body)' }),
    api_base: httpBase({
      description: "Bangumi's API (http or https); left out, the one set before (https://api.bgm.tv at first)",
      example: 'https://api.bgm.tv',
    }),
  },
  handle({ p, app }) {
    const apiBase = p.api_base ?? app.deps.userDb.settings.posters().apiBase;
    app.deps.userDb.settings.setPosters({ enabled: p.enabled, apiBase });
    return { payload: { posters: view(app), job: latest(app) } };
  },
});

export const startPosters = defineOperation({
  method: 'POST',
  path: '/app/posters/fetch',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Fetches the posters and Bangumi details not asked for yet, as a job (one anime at a time; run again to resume)',
  responds: { job: one(shaped<JobState>()) },
  errors: { 409: 'Another job is running' },
  params: {},
  async handle({ app }) {
    const settings = app.deps.userDb.settings.posters();
    if (!settings.enabled) throw new ApiError('BAD_PARAMETER', 'Posters are off: turn them on first (POST /app/posters.json {"enabled": true}).');
    const { dataDir } = app.deps;
    if (!dataDir) throw new ApiError('BAD_PARAMETER', 'This server has no data directory to keep posters in.');
    const { fetchPosters } = await loadPosters();
    const job = app.jobs.startWithoutWriter('posters', settings.apiBase, (ctx) =>
      fetchPosters({
        catalogue: app.deps.catalogue,
        posters: app.deps.userDb.posters,
        details: app.deps.userDb.showDetails,
        dataDir,
        apiBase: settings.apiBase,
        signal: ctx.signal,
        progress: ctx.progress,
        problem: ctx.problem,
        now: app.deps.now,
      }),
    );
    return { payload: { job } };
  },
});

export const POSTER_OPERATIONS = [posterState, setPosters, startPosters];
