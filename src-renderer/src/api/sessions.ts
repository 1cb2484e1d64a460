// HTTP for Settings → Signed-in browsers: /app/sessions.json (list) and signing one out. Only the app's
// own UI may call them.
import type { UiSessionView } from '../../../src-main/contract/app';
import { getFirstParty, postFirstParty } from './client';

/** A signed-in browser as /app/sessions answers it. */
export type SessionInfo = UiSessionView;

export async function fetchSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return (await getFirstParty<{ sessions?: SessionInfo[] }>('/app/sessions.json', signal)).sessions ?? [];
}

export async function endSession(id: number): Promise<void> {
  await postFirstParty('/app/sessions/end.json', { id });
}
