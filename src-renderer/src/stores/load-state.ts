// The one shape every store gives the views for something it loads: where the load stands and, when it
// failed, why (a sentence for the listener). BaseAsyncState.vue renders it: loading, failed with
// Retry, not found, empty, or the content.
import { ApiFailure, failureMessage } from '../api/client';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error' | 'not-found';

export interface LoadState {
  status: LoadStatus;
  /** Why the load failed; null unless status is 'error' or 'not-found'. */
  error: string | null;
}

export const idle = (): LoadState => ({ status: 'idle', error: null });
export const ready = (): LoadState => ({ status: 'ready', error: null });

/** The state after `e`: 'not-found' for the API's 404, else 'error', with the failure as a sentence. */
export function failed(e: unknown): LoadState {
  return { status: e instanceof ApiFailure && e.status === 404 ? 'not-found' : 'error', error: failureMessage(e) };
}

/** Loading, or not asked yet: nothing to show but a placeholder. */
export const isPending = (state: LoadState) => state.status === 'idle' || state.status === 'loading';
