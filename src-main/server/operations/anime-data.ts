// The anime data's update (server/anime-data-job.ts; docs/sources.md "Anime data"), the UI's alone:
//   GET  /app/anime-data.json            the data's version and date, the settings, the latest job
//   POST /app/anime-data/settings.json   weekly?, registry? → the same
//   POST /app/anime-data/update.json     registry? → the job that checks for a newer release and applies it
// Moecat asks the registry only when the user asks, or weekly once the user lets it.
import type { FastifyInstance } from 'fastify';
import type { AnimeDataView, JobState } from '../../contract/app';
import { startAnimeDataUpdate } from '../anime-data-job';
import { defineOperation, one, shaped } from './define';
import { flag, httpBase } from './params';

function view(app: FastifyInstance): AnimeDataView {
  const { catalogue, userDb, catalogueFile } = app.deps;
  const settings = userDb.settings.animeData();
  return {
    version: catalogue.meta('bangumi_data_version') ?? '',
    newestBegin: catalogue.meta('anime_data_newest_begin') ?? '',
    weekly: settings.weekly,
    registry: settings.registry,
    lastCheck: settings.lastCheck,
    writable: catalogueFile !== undefined,
    job: app.jobs.list().find((j) => j.kind === 'anime-data') ?? null,
  };
}

const registry = httpBase({
  description: 'The npm registry (or a mirror of it) to ask; left out, the one set before (https://registry.npmjs.org at first)',
  example: 'https://registry.npmjs.org',
});

export const animeData = defineOperation({
  method: 'GET',
  path: '/app/anime-data',
  spellings: 'json',
  auth: 'first-party',
  summary:
    "The anime data the schedule comes from (bangumi-data's version and newest start date), whether Moecat checks for a newer release weekly and where, and the latest update",
  responds: { anime_data: one(shaped<AnimeDataView>()) },
  params: {},
  handle: ({ app }) => ({ payload: { anime_data: view(app) } }),
});

export const setAnimeData = defineOperation({
  method: 'POST',
  path: '/app/anime-data/settings',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Lets Moecat check for newer anime data weekly (off until turned on), and sets the registry it asks',
  responds: { anime_data: one(shaped<AnimeDataView>()) },
  params: { weekly: flag({ description: 'true to check weekly (a JSON body)' }), registry },
  handle({ p, app }) {
    const settings = app.deps.userDb.settings;
    settings.setAnimeData({ ...settings.animeData(), weekly: p.weekly, registry: p.registry ?? settings.animeData().registry });
    return { payload: { anime_data: view(app) } };
  },
});

export const updateAnimeData = defineOperation({
  method: 'POST',
  path: '/app/anime-data/update',
  spellings: 'json',
  auth: 'first-party',
  summary:
    "Starts the update: bangumi-data's newest release of the same major, downloaded, checked against its integrity hash and applied beside the running catalogue, then swapped in; current data changes nothing",
  responds: { job: one(shaped<JobState>()) },
  errors: { 409: 'Another job is running' },
  params: { registry },
  handle({ p, app }) {
    const settings = app.deps.userDb.settings;
    const asked = p.registry ?? settings.animeData().registry;
    if (p.registry !== undefined) settings.setAnimeData({ ...settings.animeData(), registry: asked });
    return { payload: { job: startAnimeDataUpdate(app, asked, app.deps.helper) } };
  },
});

export const ANIME_DATA_OPERATIONS = [animeData, setAnimeData, updateAnimeData];
