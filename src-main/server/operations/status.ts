// The catalogue's size and the API's address, for the UI's home page and About.
import type { AppStatus } from '../../contract/app';
import { defineOperation, one, shaped } from './define';

export const status = defineOperation({
  method: 'GET',
  path: '/app/status',
  spellings: 'json',
  auth: 'none',
  summary: "The catalogue's size (entries, sub-entries, uploads, entries on air now) and the API's address",
  responds: { status: one(shaped<AppStatus>()) },
  params: {},
  handle({ app, site }) {
    const { catalogue, now } = app.deps;
    const status: AppStatus = { ...catalogue.stats(Math.floor(now() / 1000)), apiUrl: `${site}/` };
    return { payload: { status } };
  },
});
