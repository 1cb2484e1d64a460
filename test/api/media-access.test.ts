// Audio files and covers from another computer (plugins/media-access.ts): with `--host`, a request from
// the network for /files/… or /covers/… needs a signed-in browser's media pass, an active API key, or
// the OpenSubsonic face's own check; from this computer they load as before. The pass ends with its
// session. Requests are injected with a LAN remote address.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { filePath } from '../../src-main/contract/paths';
import { buildApp } from '../../src-main/server/app';
import { albumId } from '../../src-main/server/subsonic/objects';
import { fixtureCatalogueDir } from '../fixtures/app';
import { tempDir } from '../fixtures/temp-dir';

const LAN_HOST = '192.168.1.20:41234';
const TOKEN = 'm'.repeat(32);
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
let file: string;
let cover: string;
let songId: number;
let key: string;
let wiki: number;

beforeAll(async () => {
  const work = tempDir('moecat-media-');
  catalogue = openCatalogue(join(fixtureCatalogueDir(), 'catalogue.db'));
  userDb = openUserDb(join(work, 'user.db'));
  userDb.subsonic.set('a player password');
  app = await buildApp({ catalogue, userDb, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR), uiToken: TOKEN, extraHostnames: ['192.168.1.20'] });
  const row = sqlOf(catalogue).prepare('SELECT up_uri, up_obj_id FROM upload WHERE up_remote_url IS NULL ORDER BY up_id LIMIT 1').get() as {
    up_uri: string;
    up_obj_id: number;
  };
  file = filePath(row.up_uri);
  songId = row.up_obj_id;
  wiki = sqlOf(catalogue).prepare('SELECT sub_parent_wiki FROM sub WHERE sub_id = ?').pluck().get(songId) as number;
  cover = `/covers/${wiki}/small`;
  key = userDb.defaultKey().key;
});
afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
});

const fromLan = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, remoteAddress: '192.168.1.33', headers: { host: LAN_HOST, ...headers } });
const fromHere = (url: string) => app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:41234' } });

describe('audio files and covers from another computer', () => {
  it('are served on this computer without a credential', async () => {
    expect((await fromHere(file)).statusCode).toBe(200);
    expect((await fromHere(cover)).statusCode).toBe(200);
  });

  it('are refused from the network without one, in the envelope, before any file is looked at', async () => {
    for (const url of [
      file,
      cover,
      '/files/folder/1/a.mp3',
      '/files/transcoded/1',
      '/files/remote/1',
      `${file}?mp=${'x'.repeat(43)}`,
      `${file}?api_key=${'0'.repeat(41)}`,
    ]) {
      const res = await fromLan(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().response.information.has_error).toBe(true);
    }
  });

  it('are served from the network with an active API key', async () => {
    expect((await fromLan(`${file}?api_key=${key}`)).statusCode).toBe(200);
    expect((await fromLan(`${cover}?apiKey=${key}`)).statusCode).toBe(200);
  });

  it('are served from the network with a signed-in browser’s media pass, until its session ends', async () => {
    const session = userDb.sessions.start('Firefox on Android', Math.floor(Date.now() / 1000));
    const answer = await fromLan('/app/media-pass.json', { 'x-moecat-ui': session.token });
    const pass = answer.json().response.media_pass as string;
    expect(pass).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pass).not.toContain(session.token);
    expect((await fromLan(`${file}?mp=${pass}`)).statusCode).toBe(200);
    expect((await fromLan(`${cover}?mp=${pass}`)).statusCode).toBe(200);
    userDb.sessions.end(session.id);
    expect((await fromLan(`${file}?mp=${pass}`)).statusCode).toBe(401);
  });

  it('gives the desktop window no pass: its requests come from this computer', async () => {
    expect((await fromHere('/app/media-pass.json')).statusCode).toBe(401); // no UI authority without the header
    const window = await app.inject({ url: '/app/media-pass.json', remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:41234', 'x-moecat-ui': TOKEN } });
    expect(window.json().response.media_pass).toBeNull();
  });

  it('are streamed through the OpenSubsonic face to a player on the network, which signed in there', async () => {
    const stream = await fromLan(`/rest/stream?c=phone&v=1.16.1&u=moecat&p=a%20player%20password&id=${songId}`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mpeg');
    const art = await fromLan(`/rest/getCoverArt?c=phone&v=1.16.1&apiKey=${key}&id=${albumId(wiki)}`);
    expect(art.statusCode).toBe(200);
  });
});
