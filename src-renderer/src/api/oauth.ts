// HTTP for the OAuth approval page (/oauth/authorize): look up the request a tool sent the user with,
// and answer it. First-party endpoints (src-main/server/operations/keys.ts), so the UI token goes along.
import type { OAuthRequestView } from '../../../src-main/contract/app';
import { getFirstParty, postFirstParty } from './client';

/** A request token as the approval page sees it. */
export type OAuthRequestInfo = OAuthRequestView;

export async function fetchOAuthRequest(token: string, signal?: AbortSignal): Promise<OAuthRequestInfo> {
  return (await getFirstParty<{ oauth_request: OAuthRequestInfo }>(`/app/oauth/request.json?token=${encodeURIComponent(token)}`, signal)).oauth_request;
}

export async function answerOAuthRequest(token: string, answer: 'approve' | 'deny'): Promise<OAuthRequestInfo> {
  return (await postFirstParty<{ oauth_request: OAuthRequestInfo }>(`/app/oauth/${answer}.json`, { token })).oauth_request;
}
