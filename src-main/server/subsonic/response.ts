// The OpenSubsonic face's answers (docs/api.md, "The OpenSubsonic face"): `subsonic-response` with its
// status, versions and `openSubsonic: true`, in JSON or in the spec's XML (scalars as attributes, objects
// and list items as elements, a `value` as the element's text), written by xmlbuilder2. Errors are
// HTTP 200 with the spec's codes, as every Subsonic client expects.
import type { FastifyReply } from 'fastify';
import { xmlSafe } from '../xml';

/** The Subsonic API version the face speaks (the OpenSubsonic description's). */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'moecat';
export const SERVER_VERSION = '0.1.0';

/** The spec's error codes (its Error object). */
export const SUBSONIC_CODES = {
  GENERIC: 0,
  MISSING_PARAMETER: 10,
  CLIENT_MUST_UPGRADE: 20,
  SERVER_MUST_UPGRADE: 30,
  WRONG_CREDENTIALS: 40,
  MECHANISM_NOT_SUPPORTED: 42,
  CONFLICTING_MECHANISMS: 43,
  INVALID_API_KEY: 44,
  NOT_AUTHORIZED: 50,
  NOT_FOUND: 70,
} as const;

export type SubsonicCode = (typeof SUBSONIC_CODES)[keyof typeof SUBSONIC_CODES];

export class SubsonicError extends Error {
  constructor(
    readonly code: SubsonicCode,
    message: string,
  ) {
    super(message);
  }
}

export const missing = (name: string) => new SubsonicError(SUBSONIC_CODES.MISSING_PARAMETER, `Required parameter "${name}" is missing.`);
export const invalid = (name: string, why: string) => new SubsonicError(SUBSONIC_CODES.GENERIC, `Parameter "${name}" ${why}.`);
export const notFound = (what: string) => new SubsonicError(SUBSONIC_CODES.NOT_FOUND, `${what} not found.`);

export type SubsonicFormat = 'json' | 'xml';
export type Payload = Record<string, unknown>;

function head(status: 'ok' | 'failed') {
  return { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true };
}

/** Parents whose scalar fields the spec writes as child elements with text, not as attributes. */
const TEXT_CHILDREN = new Set(['artistInfo', 'artistInfo2', 'albumInfo']);

type XmlNode = import('xmlbuilder2/lib/interfaces').XMLBuilder;

function addElement(parent: XmlNode, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) addElement(parent, name, item);
    return;
  }
  const el = parent.ele(name);
  if (typeof value !== 'object') {
    el.txt(xmlSafe(String(value)));
    return;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') addElement(el, key, v);
    else if (key === 'value') el.txt(xmlSafe(String(v)));
    else if (TEXT_CHILDREN.has(name)) el.ele(key).txt(xmlSafe(String(v)));
    else el.att(key, xmlSafe(String(v)));
  }
}

async function renderXml(status: 'ok' | 'failed', payload: Payload): Promise<string> {
  const { create } = await import('xmlbuilder2');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://subsonic.org/restapi', 'subsonic-response');
  for (const [k, v] of Object.entries(head(status))) root.att(k, String(v));
  for (const [key, value] of Object.entries(payload)) addElement(root, key, value);
  return root.end({ prettyPrint: false });
}

/** An answer's body in the format asked for. */
export async function renderSubsonic(format: SubsonicFormat, payload: Payload, status: 'ok' | 'failed' = 'ok'): Promise<string> {
  if (format === 'xml') return renderXml(status, payload);
  return JSON.stringify({ 'subsonic-response': { ...head(status), ...payload } });
}

/** Sends a body renderSubsonic() wrote; never cached by a browser or proxy. */
export function sendRendered(reply: FastifyReply, format: SubsonicFormat, body: string): FastifyReply {
  reply.code(200).header('cache-control', 'no-store');
  return reply.type(format === 'xml' ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8').send(body);
}

/** Sends an answer (`status: ok`) or an error (`failed`) in the format asked for; never cached by a browser or proxy. */
export async function sendSubsonic(reply: FastifyReply, format: SubsonicFormat, payload: Payload, status: 'ok' | 'failed' = 'ok'): Promise<FastifyReply> {
  return sendRendered(reply, format, await renderSubsonic(format, payload, status));
}

export function sendSubsonicError(reply: FastifyReply, format: SubsonicFormat, error: SubsonicError): Promise<FastifyReply> {
  return sendSubsonic(reply, format, { error: { code: error.code, message: error.message } }, 'failed');
}
