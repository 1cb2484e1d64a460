// Settings → Signed-in browsers: the browsers signed in with a link the server printed, and signing one
// out. Signing this browser out forgets its session, and the app shows the sign-in page.
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { endSession, fetchSessions, type SessionInfo } from '../api/sessions';
import { forgetSession, SIGNED_OUT_EVENT } from '../api/session';
import { latestRead, userAction } from './requests';

export type { SessionInfo } from '../api/sessions';

export const useSessionsStore = defineStore('sessions', () => {
  const sessions = shallowRef<SessionInfo[]>([]);
  const { state, run: read } = latestRead();
  const { busy, error: actionError, run: act } = userAction();

  const load = () => read(fetchSessions, (answer) => (sessions.value = answer));

  /** Signs a browser out; it leaves the list. */
  const end = (id: number) =>
    act(async () => {
      const current = sessions.value.find((s) => s.id === id)?.current ?? false;
      await endSession(id);
      sessions.value = sessions.value.filter((s) => s.id !== id);
      if (current) {
        forgetSession();
        window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
      }
    });

  return { sessions, state, busy, actionError, load, end };
});
