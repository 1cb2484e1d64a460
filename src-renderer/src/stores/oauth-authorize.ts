// The OAuth approval page's state: the request a tool sent the user with (looked up by its token), and
// the user's answer. A newer look-up aborts the one before it.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { ApiFailure, failureMessage } from '../api/client';
import { answerOAuthRequest, fetchOAuthRequest, type OAuthRequestInfo } from '../api/oauth';

export type { OAuthRequestInfo } from '../api/oauth';
export type AuthorizeStatus = 'idle' | 'loading' | 'ready' | 'not-found' | 'error';

export const useOAuthAuthorizeStore = defineStore('oauth-authorize', () => {
  const status = ref<AuthorizeStatus>('idle');
  const request = shallowRef<OAuthRequestInfo | null>(null);
  const error = ref<string | null>(null);
  const busy = ref(false);
  const answerError = ref<string | null>(null);

  let controller: AbortController | undefined;
  async function load(token: string): Promise<void> {
    controller?.abort();
    controller = new AbortController();
    status.value = 'loading';
    request.value = null;
    error.value = null;
    answerError.value = null;
    try {
      request.value = await fetchOAuthRequest(token, controller.signal);
      status.value = 'ready';
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      status.value = e instanceof ApiFailure && e.status === 404 ? 'not-found' : 'error';
      error.value = failureMessage(e);
    }
  }

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

  return { status, request, error, busy, answerError, load, answer };
});
