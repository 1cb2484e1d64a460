// The one place the UI talks HTTP: where the server is, the UI's credentials, and the envelope.
// In the desktop app the preload hands over the server URL and credentials; in a browser the page
// served by Moecat carries them in meta tags.
import type { Information } from '../../../src-main/contract/envelope';

function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

const bridge = window.moecat;
export const serverUrl = bridge?.serverUrl ?? `${location.origin}/`;
export const apiKey = bridge?.apiKey ?? meta('moecat-api-key') ?? '';
export const uiToken = bridge?.uiToken ?? meta('moecat-ui-token') ?? '';

/** An answer the server gave with has_error and an HTTP error, or no answer at all. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(' ') || `The server answered ${status}.`);
    this.name = 'ApiFailure';
  }
}

export type Query = Record<string, string | number | undefined>;

function urlOf(path: string, query: Query, withKey: boolean): string {
  const url = new URL(path.replace(/^\//, ''), serverUrl);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  if (withKey) url.searchParams.set('api_key', apiKey);
  return url.toString();
}

async function read<T>(response: Response): Promise<T> {
  let body: { response?: { information?: Information } } | undefined;
  try {
    body = await response.json();
  } catch {
    throw new ApiFailure(response.status, [`The server answered ${response.status} without a readable body.`]);
  }
  const info = body?.response?.information;
  if (!response.ok || (info && info.error !== 0)) throw new ApiFailure(response.status, info?.msg ?? []);
  return body!.response as T;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiFailure(0, ['The Moecat server cannot be reached.']);
  }
}

/**
 * GET a catalogue operation (JSON envelope) with the UI's API key. The UI token goes along, so entries
 * and songs come with the user's favourites (wiki_user_fav / sub_user_fav); such answers are the
 * user's own, so neither the server's answer cache nor the browser keeps them.
 */
export async function getApi<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<T & { information: Information }> {
  const headers = { accept: 'application/json', 'x-moecat-ui': uiToken };
  return read(await send(urlOf(path, query, true), { headers, signal, cache: 'no-store' }));
}

/** GET something only the app's own UI may read (its API keys), with the UI token and no caching. */
export async function getFirstParty<T>(path: string, signal?: AbortSignal): Promise<T & { information: Information }> {
  const headers = { accept: 'application/json', 'x-moecat-ui': uiToken };
  return read(await send(urlOf(path, {}, false), { headers, signal, cache: 'no-store' }));
}

/** POST a first-party write (settings, keys, favourites) with the UI token. */
export async function postFirstParty<T>(path: string, body: Record<string, unknown> = {}): Promise<T & { information: Information }> {
  const headers = { accept: 'application/json', 'content-type': 'application/json', 'x-moecat-ui': uiToken };
  return read(await send(urlOf(path, {}, false), { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** A readable message for any failure, for error states. */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiFailure) return e.message;
  return e instanceof Error ? e.message : String(e);
}
