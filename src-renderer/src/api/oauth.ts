// HTTP for the OAuth approval page (/oauth/authorize): look up the request a tool sent the user with,
// and answer it. First-party endpoints (src-main/server/routes/app-keys.ts), so the UI token goes along.
import { getFirstParty, postFirstParty } from './client';

/** A request token as the approval page sees it. */
export interface OAuthRequestInfo {
  token: string;
  /** The tool: its API key's name. */
  tool: string;
  key: string;
  /** 'oob' or the URL the user returns to. */
  callback: string;
  status: 'pending' | 'approved' | 'denied' | 'used' | 'expired';
  /** Unix seconds. */
  created: number;
  expires: number;
  /** Once approved: the code the tool needs (typed in by the user when the callback is 'oob'). */
  verifier: string | null;
  /** After an answer with a callback URL: where to send the user. */
  redirect: string | null;
}

export async function fetchOAuthRequest(token: string, signal?: AbortSignal): Promise<OAuthRequestInfo> {
  return (await getFirstParty<{ oauth_request: OAuthRequestInfo }>(`/app/oauth/request.json?token=${encodeURIComponent(token)}`, signal)).oauth_request;
}

export async function answerOAuthRequest(token: string, answer: 'approve' | 'deny'): Promise<OAuthRequestInfo> {
  return (await postFirstParty<{ oauth_request: OAuthRequestInfo }>(`/app/oauth/${answer}.json`, { token })).oauth_request;
}
