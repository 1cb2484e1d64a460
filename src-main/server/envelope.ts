// Builds the response envelope and writes it in the requested format. Every answer, errors included,
// goes through sendEnvelope, so JSON and XML always carry the same fields.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiFormat, Information } from '../contract/envelope';
import { blotted, echoablePath, secretsOf } from './credentials';
import { echoParameters, parseQuery } from './query';
import type { CachedAnswer } from './answer-cache';
import { encodedBody } from './answer-encoding';
import { loadXml, toXml } from './xml';

export const CONTENT_TYPES: Record<ApiFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The format an operation chose from a parameter (the portal's `api`); else the path decides. */
    apiFormat: ApiFormat | null;
  }
}

const XML_SUFFIX = /\.xml(?:\/|%2f)*$/i;

/** The format a path asks for: `.xml` → XML (any case, a trailing slash allowed), `.json` or no suffix → JSON. */
export function formatOfUrl(url: string): ApiFormat {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // The common case without a regular expression: a path ending in ".xml" exactly.
  return path.endsWith('.xml') || XML_SUFFIX.test(path) ? 'xml' : 'json';
}

export interface EnvelopeContent {
  status?: number;
  msg?: string[];
  information?: Partial<Information>;
  payload?: Record<string, unknown>;
  /** The portal's answer: its own fields first, then `information` (Moecat's extension there). */
  informationLast?: boolean;
}

/** The query as the operation read it (serve.ts), or read here for an answer given before one did. */
function baseInformation(request: FastifyRequest): Pick<Information, 'parameters' | 'request'> {
  try {
    const parsed = request.parsedQuery ?? parseQuery(request.url);
    return { parameters: echoParameters(parsed.params), request: parsed.request };
  } catch {
    // The query itself is what is wrong: echo nothing rather than guess.
    return { parameters: {}, request: echoablePath(request.url.split('?')[0]) };
  }
}

/** What the envelope echoes of the request, with any credential value the request carried blotted out. */
function withoutSecrets(
  request: FastifyRequest,
  echoed: Pick<Information, 'parameters' | 'request' | 'msg'>,
): Pick<Information, 'parameters' | 'request' | 'msg'> {
  const secrets = secretsOf(request);
  if (secrets.length === 0) return echoed;
  const parameters: Record<string, string> = {};
  for (const [name, value] of Object.entries(echoed.parameters)) parameters[name] = blotted(value, secrets);
  return { parameters, request: blotted(echoed.request, secrets), msg: echoed.msg.map((m) => blotted(m, secrets)) };
}

/** The envelope rendered in the request's format: status, content type and encoded body. */
export async function renderEnvelope(request: FastifyRequest, content: EnvelopeContent): Promise<CachedAnswer> {
  const status = content.status ?? 200;
  const hasError = status >= 400 || content.information?.has_error === true;
  const echoed = withoutSecrets(request, { ...baseInformation(request), msg: content.msg ?? [] });
  // The Moefou interface's order (parameters, msg, has_error, request, page, perpage, count,
  // onair_<n>_count; docs/api.md), then Moecat's `error`.
  const information: Information = {
    parameters: echoed.parameters,
    msg: echoed.msg,
    has_error: hasError,
    request: echoed.request,
    ...content.information,
    error: status >= 400 ? status : 0,
  };
  const response = content.informationLast ? { ...content.payload, information } : { information, ...content.payload };
  const format = request.apiFormat ?? formatOfUrl(request.url);
  if (format === 'xml') {
    await loadXml();
    return { status, contentType: CONTENT_TYPES.xml, body: Buffer.from(toXml(response)) };
  }
  return { status, contentType: CONTENT_TYPES.json, body: jsonBody(response) };
}

/** Text is encoded a piece at a time once it reaches this many UTF-16 code units (see jsonBody). */
const JSON_PIECE_UNITS = 16 * 1024;

/**
 * The bytes of `JSON.stringify({ response })`, its lists written an item at a time and the text encoded
 * in pieces of about JSON_PIECE_UNITS, so no one string reaches V8's large-object size (128 KiB: 64K
 * characters of CJK text). V8 puts such a string in pages it maps afresh, and each page is faulted in on
 * first touch: the on-air week's answer, built as one string, spent a quarter of its time on page
 * faults before a byte was encoded. Same bytes as JSON.stringify (tested).
 */
export function jsonBody(response: Record<string, unknown>): Buffer {
  const pieces: Buffer[] = [];
  let text = '{"response":{';
  const add = (json: string) => {
    text += json;
    if (text.length >= JSON_PIECE_UNITS) {
      pieces.push(Buffer.from(text));
      text = '';
    }
  };
  let first = true;
  for (const [key, value] of Object.entries(response)) {
    const whole = Array.isArray(value) ? undefined : JSON.stringify(value);
    if (!Array.isArray(value) && whole === undefined) continue; // as JSON.stringify leaves out undefined members
    add(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (whole !== undefined) add(whole);
    else {
      add('[');
      (value as unknown[]).forEach((item, i) => add(`${i ? ',' : ''}${JSON.stringify(item) ?? 'null'}`));
      add(']');
    }
  }
  pieces.push(Buffer.from(`${text}}}`));
  return pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
}

/** Sends the answer gzip-encoded when it is large and the client accepts that (answer-encoding.ts). */
export function sendAnswer(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.code(answer.status).type(answer.contentType);
  return reply.send(encodedBody(reply, answer));
}

export async function sendEnvelope(request: FastifyRequest, reply: FastifyReply, content: EnvelopeContent): Promise<FastifyReply> {
  return sendAnswer(reply, await renderEnvelope(request, content));
}
