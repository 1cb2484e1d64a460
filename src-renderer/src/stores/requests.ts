// The two ways the stores talk to the server, each with its state for the views.
// - latestRead(): a read whose newest call wins, its progress in `state` (a LoadState; `loading` and
//   `error` read it). Starting one aborts the one before; only the newest may apply its answer or
//   settle the state — an older answer arriving late, or an older read's end, never overwrites what
//   the newer one shows. cancel() drops the read in flight, for a caller that goes back to what it
//   already shows.
// - userAction(): something the user asked for (create, revoke, start). `busy` while it runs, and its
//   failure in `error` as a sentence; it answers whether it worked, so a form knows whether to reset.
import { computed, reactive, ref } from 'vue';
import { failureMessage } from '../api/client';
import { failed as failedState, idle, type LoadState } from './load-state';

const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError';

export function latestRead() {
  const state = reactive<LoadState>(idle());
  const loading = computed(() => state.status === 'loading');
  const error = computed(() => state.error);
  let controller: AbortController | null = null;
  /** Where the state stood before the read in flight, for cancel(). */
  let before: LoadState = idle();

  /** Reads with a fresh signal; `apply` takes the answer, `failed` hears of a failure — each only while this read is the newest. */
  async function run<T>(read: (signal: AbortSignal) => Promise<T>, apply: (answer: T) => void, failed?: (e: unknown) => void): Promise<void> {
    controller?.abort();
    const mine = (controller = new AbortController());
    if (state.status !== 'loading') before = { ...state };
    Object.assign(state, { status: 'loading', error: null });
    try {
      const answer = await read(mine.signal);
      if (mine !== controller) return;
      apply(answer);
      Object.assign(state, { status: 'ready', error: null });
    } catch (e) {
      if (mine !== controller) return;
      if (isAbort(e)) {
        Object.assign(state, before); // aborted from elsewhere: no failure, and no longer loading
        return;
      }
      Object.assign(state, failedState(e));
      failed?.(e);
    } finally {
      if (mine === controller) controller = null;
    }
  }

  /** Drops the read in flight, if any: its answer will not be applied, and nothing is loading. */
  function cancel(): void {
    if (!controller) return;
    controller.abort();
    controller = null;
    Object.assign(state, before);
  }

  return { state, loading, error, run, cancel };
}

export function userAction() {
  const busy = ref(false);
  const error = ref<string | null>(null);

  /** Runs `work`; false when it failed, with `error` saying why. */
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    busy.value = true;
    error.value = null;
    try {
      await work();
      return true;
    } catch (e) {
      error.value = failureMessage(e);
      return false;
    } finally {
      busy.value = false;
    }
  }

  return { busy, error, run };
}
