// A client written from the Moefou interface alone (docs/api.md), for the conformance tests: the fixture server (the
// fixture catalogue, the clock at FIXTURE_NOW, an API key), asked in either format, and a second
// server on a real port that a tool logged in with OAuth 1.0a asks with signed requests.
import type OAuth from 'oauth-1.0a';
import { call, decodeXml, type ApiAnswer, type Format } from '../../fixtures/api';
import { fixtureApp } from '../../fixtures/app';
import { listeningOAuthApp, oauthClient, oauthDriver } from '../../fixtures/oauth';

export { FORMATS, type Format } from '../../fixtures/api';

export type Query = Record<string, string>;

/** The four query operations, by the path the interface gives them (without the format extension). */
export const QUERY_OPERATIONS = {
  onAir: '/on-air',
  subSearch: '/search/sub',
  entryList: '/wikis',
  entrySearch: '/search/wiki',
} as const;

/** The fixture server with an API key: `get` asks an operation in a format (or 'none': no extension). */
export async function keyClient() {
  const ctx = await fixtureApp();
  const key = ctx.userDb.defaultKey().key;
  return {
    ctx,
    key,
    get: (format: Format | 'none', path: string, query: Query = {}): Promise<ApiAnswer> => call(ctx.app, path, format, { ...query, api_key: key }),
    /** Without credentials. */
    anonymous: (format: Format | 'none', path: string, query: Query = {}): Promise<ApiAnswer> => call(ctx.app, path, format, query),
    close: () => ctx.close(),
  };
}

/** A tool connected with OAuth 1.0a (three-legged, the user approving), asking with signed GETs. */
export async function oauthClientOf() {
  const server = await listeningOAuthApp();
  const key = server.userDb.createKey('Conformance client');
  const driver = oauthDriver(server.url, oauthClient({ key: key.key, secret: key.secret }, server.clock));
  const access: OAuth.Token = await driver.connect();
  const decode = (format: Format, text: string) => (format === 'xml' ? decodeXml(text) : JSON.parse(text)) as { response: Record<string, unknown> };
  return {
    server,
    /** A signed GET of `path` in `format`; the answer's `response`. */
    async get(format: Format, path: string, query: Query = {}) {
      const qs = new URLSearchParams(query).toString();
      const answer = await driver.signed('GET', `${path}.${format}${qs ? `?${qs}` : ''}`, { token: access });
      return { status: answer.status, response: decode(format, answer.text).response as any };
    },
    /** Adds a favourite as the logged-in user (a signed POST /fav/add). */
    async addFav(type: 'wiki' | 'sub', id: number) {
      const answer = await driver.signed('POST', '/fav/add.json', { token: access, data: { fav_obj_type: type, fav_obj_id: String(id) } });
      if (answer.status !== 200) throw new Error(`fav/add answered ${answer.status}: ${answer.text}`);
    },
    close: () => server.close(),
  };
}
