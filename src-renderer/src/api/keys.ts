// HTTP for the API keys in Settings: /app/keys.json (list) and the create/revoke writes, and the tools
// connected with OAuth (/app/oauth/tools.json) with their revocation. Only the app's own UI may call
// them, so even the lists carry the UI token.
import type { ApiKeyView, ConnectedToolView } from '../../../src-main/contract/app';
import { getFirstParty, postFirstParty } from './client';

/** A key as /app/keys answers it; `secret` only when just created. */
export type ApiKeyInfo = ApiKeyView;

export async function fetchKeys(signal?: AbortSignal): Promise<ApiKeyInfo[]> {
  return (await getFirstParty<{ api_keys?: ApiKeyInfo[] }>('/app/keys.json', signal)).api_keys ?? [];
}

export async function createKey(name: string): Promise<ApiKeyInfo & { secret: string }> {
  return (await postFirstParty<{ api_key: ApiKeyInfo & { secret: string } }>('/app/keys/create.json', { name })).api_key;
}

export async function revokeKey(key: string): Promise<ApiKeyInfo> {
  return (await postFirstParty<{ api_key: ApiKeyInfo }>('/app/keys/revoke.json', { key })).api_key;
}

/** A tool connected with OAuth (an access token), as /app/oauth/tools.json answers it. */
export type ConnectedToolInfo = ConnectedToolView;

export async function fetchConnectedTools(signal?: AbortSignal): Promise<ConnectedToolInfo[]> {
  return (await getFirstParty<{ tools?: ConnectedToolInfo[] }>('/app/oauth/tools.json', signal)).tools ?? [];
}

export async function revokeConnectedTool(token: string): Promise<ConnectedToolInfo> {
  return (await postFirstParty<{ tool: ConnectedToolInfo }>('/app/oauth/tools/revoke.json', { token })).tool;
}
