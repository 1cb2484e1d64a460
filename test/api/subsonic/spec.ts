// Calls the OpenSubsonic face through inject and checks every answer against the OpenSubsonic OpenAPI
// description (openapi/, Apache-2.0, vendored as published): a JSON body as it is, an XML body after a
// real parser reads it back into the spec's JSON shape (attributes → fields, `value` → the text, list
// elements → lists), with ajv coercing the attributes' text to the types the schema names.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';

const ROOT = join(__dirname, 'openapi');
const BASE = 'https://opensubsonic.spec/';
export const NAMESPACE = 'http://subsonic.org/restapi';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: coerce });
  addFormats(ajv);
  ajv.addFormat('float', true);
  ajv.addFormat('binary', true);
  const schemaFiles = [
    ...jsonFiles(join(ROOT, 'schemas')),
    ...readdirSync(join(ROOT, 'endpoints'))
      .filter((n) => statSync(join(ROOT, 'endpoints', n)).isDirectory())
      .flatMap((n) => jsonFiles(join(ROOT, 'endpoints', n))),
  ];
  for (const file of schemaFiles) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')), BASE + relative(ROOT, file));
  return ajv;
}

const ajvs = { json: makeAjv(false), xml: makeAjv(true) };
const compiled = new Map<string, ValidateFunction>();

/** The schema of an endpoint's 200 answer, with an $id beside the file it was written in (its $refs are relative). */
function responseSchema(endpoint: string): { schema: object; dir: string } {
  const pathItem = JSON.parse(readFileSync(join(ROOT, 'endpoints', `${endpoint}.json`), 'utf8'));
  let response = pathItem.get.responses['200'];
  let dir = 'endpoints/';
  if (response.$ref) {
    const file = join(ROOT, 'endpoints', response.$ref);
    response = JSON.parse(readFileSync(file, 'utf8'));
    dir = relative(ROOT, join(file, '..')) + '/';
  }
  // A binary answer's error (a stream of an unknown song) is the common answer wrapper.
  const json = response.content['application/json'];
  return json ? { schema: json.schema, dir } : { schema: { $ref: 'schemas/SubsonicResponse.json' }, dir: '' };
}

function validator(endpoint: string, format: 'json' | 'xml'): ValidateFunction {
  const key = `${format} ${endpoint}`;
  let validate = compiled.get(key);
  if (!validate) {
    const { schema, dir } = responseSchema(endpoint);
    validate = ajvs[format].compile({ ...schema, $id: `${BASE}${dir}__${endpoint}-answer.json` });
    compiled.set(key, validate);
  }
  return validate;
}

/** Names that are lists wherever they appear below the response's own children. */
const LIST_NAMES = new Set([
  'index',
  'artist',
  'album',
  'song',
  'child',
  'entry',
  'musicFolder',
  'genre',
  'playlist',
  'structuredLyrics',
  'line',
  'versions',
  'artists',
  'genres',
  'albumArtists',
  'folder',
  'similarArtist',
  'allowedUser',
  'shortcut',
  'openSubsonicExtensions',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  textNodeName: 'value',
  isArray: (name, jpath, _leaf, isAttribute) =>
    !isAttribute && (name === 'openSubsonicExtensions' || (LIST_NAMES.has(name) && String(jpath).split('.').length > 2)),
});

/** Attributes (`@name`) as fields; an element with neither attributes nor content as an empty object. */
function fields(value: unknown): unknown {
  if (value === '') return {};
  if (Array.isArray(value)) return value.map(fields);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => (k.startsWith('@') ? [k.slice(1), v] : [k, fields(v)])));
  return value;
}

/** The XML answer in the spec's JSON shape (before ajv's coercion of the attributes' text). */
export function xmlAsJson(xml: string): Record<string, any> {
  const doc = parser.parse(xml);
  const root = doc['subsonic-response'];
  expect(root, 'root element subsonic-response').toBeDefined();
  expect(root['@xmlns']).toBe(NAMESPACE);
  delete root['@xmlns'];
  return { 'subsonic-response': fields(root) };
}

export type Format = 'json' | 'xml';
export const FORMATS: Format[] = ['json', 'xml'];

/** Asserts that `body` (JSON, or XML read back) is a valid answer of `endpoint`; answers the subsonic-response. */
export function expectValid(endpoint: string, format: Format, body: Record<string, any>): Record<string, any> {
  const validate = validator(endpoint, format);
  const ok = validate(body);
  expect(ok, `${endpoint} (${format}): ${JSON.stringify(validate.errors?.slice(0, 5))}\n${JSON.stringify(body).slice(0, 1500)}`).toBe(true);
  return body['subsonic-response'];
}

export interface Sent {
  method?: 'GET' | 'POST';
  /** Sign-in parameters; the client's `c` and `v` are added unless given. */
  auth?: Record<string, string>;
  view?: boolean;
  remoteAddress?: string;
}

export type Params = Record<string, string | string[]>;

function encode(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) q.append(k, one);
  return q.toString();
}

/** One call of the face: its answer validated against the spec, as the spec's JSON shape in `response`. */
export async function call(app: FastifyInstance, endpoint: string, format: Format, params: Params = {}, sent: Sent = {}) {
  const all: Params = { c: 'moecat-test', v: '1.16.1', ...sent.auth, ...params, f: format };
  const url = `/rest/${endpoint}${sent.view ? '.view' : ''}`;
  const res =
    sent.method === 'POST'
      ? await app.inject({
          method: 'POST',
          url,
          headers: { host: '127.0.0.1:7777', 'content-type': 'application/x-www-form-urlencoded' },
          payload: encode(all),
          remoteAddress: sent.remoteAddress,
        })
      : await app.inject({ method: 'GET', url: `${url}?${encode(all)}`, headers: { host: '127.0.0.1:7777' }, remoteAddress: sent.remoteAddress });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(format === 'json' ? /^application\/json/ : /^application\/xml/);
  const body = format === 'json' ? JSON.parse(res.body) : xmlAsJson(res.body);
  const response = expectValid(endpoint, format, body);
  return { raw: res.body, response };
}
