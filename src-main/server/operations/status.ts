// The catalogue's size and the API's address, for the UI's home page and About.
import type { AppStatus } from '../../contract/app';
import { ffmpegPath } from '../transcoder';
import { defineOperation, one, shaped } from './define';

export const status = defineOperation({
  method: 'GET',
  path: '/app/status',
  spellings: 'json',
  auth: 'none',
  summary:
    "The catalogue's size (entries, sub-entries, uploads, entries on air now), the API's address, the anime data's version and date, and whether files the browser cannot decode play transcoded",
  responds: { status: one(shaped<AppStatus>()) },
  params: {},
  handle({ app, site }) {
    const { catalogue, now } = app.deps;
    const animeData = { version: catalogue.meta('bangumi_data_version') ?? '', newestBegin: catalogue.meta('anime_data_newest_begin') ?? '' };
    const status: AppStatus = { ...catalogue.stats(Math.floor(now() / 1000)), apiUrl: `${site}/`, animeData, transcoding: ffmpegPath() !== null };
    return { payload: { status } };
  },
});
