// The one place the UI talks HTTP: where the server is, the UI's authority, and the envelope.
// The UI acts as the local user with the credential session.ts holds (the desktop window's UI token, or
// a signed-in browser's session token), sent as X-Moecat-UI; it needs no API key.
import type { Information } from '../../../src-main/contract/envelope';
import { forgetSession, isDesktopWindow, SIGNED_OUT_EVENT, uiHeaders } from './session';

export const serverUrl = window.moecat?.serverUrl ?? `${location.origin}/`;

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

function urlOf(path: string, query: Query = {}): string {
  const url = new URL(path.replace(/^\//, ''), serverUrl);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  return url.toString();
}

async function read<T>(response: Response): Promise<T> {
  // A browser whose session was ended (in Settings, or it lapsed) signs in again.
  if (response.status === 401 && !isDesktopWindow() && Object.keys(uiHeaders()).length > 0) {
    forgetSession();
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  }
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
 * GET a catalogue operation (JSON envelope) as the local user: entries and songs come with the user's
 * favourites (wiki_user_fav / sub_user_fav); such answers are the user's own, so neither the server's
 * answer cache nor the browser keeps them.
 */
export async function getApi<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<T & { information: Information }> {
  return read(await send(urlOf(path, query), { headers: { accept: 'application/json', ...uiHeaders() }, signal, cache: 'no-store' }));
}

/** GET something only the app's own UI may read (its API keys); never cached. */
export async function getFirstParty<T>(path: string, signal?: AbortSignal): Promise<T & { information: Information }> {
  return read(await send(urlOf(path), { headers: { accept: 'application/json', ...uiHeaders() }, signal, cache: 'no-store' }));
}

/** POST a first-party write (settings, keys, favourites). */
export async function postFirstParty<T>(path: string, body: Record<string, unknown> = {}): Promise<T & { information: Information }> {
  const headers = { accept: 'application/json', 'content-type': 'application/json', ...uiHeaders() };
  return read(await send(urlOf(path), { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** GET a file the API answers (a calendar) as the local user: its bytes, or the envelope's failure. */
export async function getFile(path: string, query: Query = {}): Promise<Blob> {
  const response = await send(urlOf(path, query), { headers: uiHeaders(), cache: 'no-store' });
  if (!response.ok) return read(response);
  return response.blob();
}

/** GETs a file (getFile) and has the browser save it under `filename`. */
export async function downloadFile(path: string, query: Query, filename: string): Promise<void> {
  const url = URL.createObjectURL(await getFile(path, query));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A readable message for any failure, for error states. */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiFailure) return e.message;
  return e instanceof Error ? e.message : String(e);
}
