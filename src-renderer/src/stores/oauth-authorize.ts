// The OAuth approval page's state: the request a tool sent the user with (looked up by its token), and
// the user's answer. A newer look-up aborts the one before it.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { ApiFailure, failureMessage } from '../api/client';
import { answerOAuthRequest, fetchOAuthRequest, type OAuthRequestInfo } from '../api/oauth';
import { latestRead } from './requests';

export type { OAuthRequestInfo } from '../api/oauth';

export const useOAuthAuthorizeStore = defineStore('oauth-authorize', () => {
  const { state: loadState, error, run } = latestRead();
  const status = computed(() => loadState.status);
  const request = shallowRef<OAuthRequestInfo | null>(null);
  const busy = ref(false);
  const answerError = ref<string | null>(null);

  const load = (token: string): Promise<void> =>
    run(
      (signal) => fetchOAuthRequest(token, signal),
      (answer) => (request.value = answer),
      {
        start: () => {
          request.value = null;
          answerError.value = null;
        },
      },
    );

  /** Allows or denies; the request comes back answered (with a verifier and where to go next). */
  async function answer(choice: 'approve' | 'deny'): Promise<OAuthRequestInfo | null> {
    if (!request.value) return null;
    busy.value = true;
    answerError.value = null;
    try {
      request.value = await answerOAuthRequest(request.value.token, choice);
      return request.value;
    } catch (e) {
      answerError.value = failureMessage(e);
      // Answered elsewhere or expired meanwhile: show what the server now says.
      if (e instanceof ApiFailure && (e.status === 404 || e.status === 409)) void load(request.value.token);
      return null;
    } finally {
      busy.value = false;
    }
  }

  return { loadState, status, request, error, busy, answerError, load, answer };
});
