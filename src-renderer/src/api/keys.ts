// HTTP for the API keys in Settings: /app/keys.json (list) and the create/revoke writes. Only the app's
// own UI may call them, so even the list carries the UI token.
import type { Information } from '../../../src-main/contract/envelope';
import { ApiFailure, postFirstParty, serverUrl, uiToken } from './client';

/** A key as /app/keys answers it (src-main/server/routes/app-keys.ts); `secret` only when just created. */
export interface ApiKeyInfo {
  key: string;
  name: string;
  /** Unix seconds. */
  created: number;
  /** Unix seconds, null while active. */
  revoked: number | null;
  secret?: string;
}

export async function fetchKeys(signal?: AbortSignal): Promise<ApiKeyInfo[]> {
  let response: Response;
  try {
    response = await fetch(new URL('app/keys.json', serverUrl), { headers: { accept: 'application/json', 'x-moecat-ui': uiToken }, signal, cache: 'no-store' });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiFailure(0, ['The Moecat server cannot be reached.']);
  }
  let body: { response?: { information?: Information; api_keys?: ApiKeyInfo[] } } | undefined;
  try {
    body = await response.json();
  } catch {
    throw new ApiFailure(response.status, [`The server answered ${response.status} without a readable body.`]);
  }
  const info = body?.response?.information;
  if (!response.ok || !info || info.error !== 0) throw new ApiFailure(response.status, info?.msg ?? []);
  return body!.response!.api_keys ?? [];
}

export async function createKey(name: string): Promise<ApiKeyInfo & { secret: string }> {
  return (await postFirstParty<{ api_key: ApiKeyInfo & { secret: string } }>('/app/keys/create.json', { name })).api_key;
}

export async function revokeKey(key: string): Promise<ApiKeyInfo> {
  return (await postFirstParty<{ api_key: ApiKeyInfo }>('/app/keys/revoke.json', { key })).api_key;
}
