// startMoecat's own duties beyond the app: the port of the last run is tried first (a calendar app's
// subscription keeps working after a restart), any free one when it is taken; the reminders' state
// the desktop app's main process reads; and a data folder made when it is not there yet.
import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openUserDb } from '../../src-main/catalogue/user/user-db';
import { startMoecat } from '../../src-main/server/start';
import { fixtureCatalogueDir } from '../fixtures/app';
import { FIXTURE_ANIME, FIXTURE_NOW } from '../fixtures/bangumi-fixture';

const work = mkdtempSync(join(tmpdir(), 'moecat-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dataDir = join(work, 'data');
const rendererDir = join(work, 'renderer');
mkdirSync(dataDir);
mkdirSync(rendererDir);
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>ui</title>');

const start = () =>
  startMoecat({ dataDir, resourcesDir: work, rendererDir, catalogueFile: join(fixtureCatalogueDir(), CATALOGUE_FILE), now: () => FIXTURE_NOW });
const portOf = (url: string) => Number(new URL(url).port);

describe('startMoecat()', () => {
  it('listens on the port of the last run when it is free, and on another when it is taken', async () => {
    const first = await start();
    const port = portOf(first.url);
    await first.close();
    const second = await start();
    expect(portOf(second.url)).toBe(port);
    await second.close();

    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const third = await start();
      expect(portOf(third.url)).not.toBe(port);
      const res = await fetch(`${third.url}app/status.json`);
      expect(res.status).toBe(200); // a real server answering on the new port
      expect((await res.json()).response.status.entries).toBeGreaterThan(0);
      await third.close();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('tells the desktop shell the reminder settings and the followed shows', async () => {
    const userDb = openUserDb(join(dataDir, 'user.db'));
    const late = Number(FIXTURE_ANIME.mondayLateNight.sites[0].id);
    userDb.addFav('wiki', late, 1);
    userDb.settings.setReminders({ enabled: true, minutes: 5 });
    userDb.close();
    const running = await start();
    try {
      const state = running.reminderState();
      expect(state).toMatchObject({ enabled: true, minutes: 5 });
      expect(state.shows.map((s) => s.wiki_id)).toEqual([late]);
      expect(state.shows[0].wiki_url).toBe(`${running.url}anime/${late}`);
    } finally {
      await running.close();
    }
  });

  it('makes a data folder that does not exist yet when it serves a given catalogue file (serve --catalogue FILE --data-dir NEW)', async () => {
    const newDataDir = join(work, 'new', 'data');
    const running = await startMoecat({
      dataDir: newDataDir,
      resourcesDir: work,
      rendererDir,
      catalogueFile: join(fixtureCatalogueDir(), CATALOGUE_FILE),
      now: () => FIXTURE_NOW,
    });
    try {
      expect((await fetch(`${running.url}app/status.json`)).status).toBe(200);
      expect(existsSync(join(newDataDir, 'user.db'))).toBe(true);
    } finally {
      await running.close();
    }
  });
});
