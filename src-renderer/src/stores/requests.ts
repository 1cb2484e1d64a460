// The ways the stores talk to the server, each with its state for the views.
// - latestRead(): a read whose newest call wins, its progress in `state` (a LoadState; `loading` and
//   `error` read it) — its own, or a store's page object that extends LoadState, so the page's content
//   and where its load stands change together. Starting one aborts the one before; only the newest may
//   apply its answer or settle the state — an older answer arriving late, or an older read's end, never
//   overwrites what the newer one shows. cancel() drops the read in flight, for a caller that goes back
//   to what it already shows (or on to something it knows without asking).
// - earlyRead(): a read asked before anything shows it (a keystroke's results), held until a
//   latestRead() of the same key takes it — and with it the duty to abort it.
// - userAction(): something the user asked for (create, revoke, start). `busy` while it runs, and its
//   failure in `error` as a sentence; it answers whether it worked, so a form knows whether to reset.
import { computed, reactive, ref } from 'vue';
import { failureMessage } from '../api/client';
import { failed as failedState, idle, type LoadState } from './load-state';

const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError';

export interface ReadOptions<S extends LoadState> {
  /**
   * What the page shows while the read runs (its new key, its old content emptied). Applied after the
   * state is noted, so an abort or cancel() goes back to the page as it was, not half of it.
   */
  start?: (state: S) => void;
  /**
   * The content on screen stays, its status unchanged, while the read runs: a refresh of the page shown
   * or a next page added to it, which should not flash a placeholder. A failure then only sets `error`;
   * `failed` may say more.
   */
  keepShown?: boolean;
  /** Hears of the newest read's failure, after the state says it (a list may empty itself here). */
  failed?: (e: unknown) => void;
}

export function latestRead<S extends LoadState = LoadState>(state: S = reactive(idle()) as S) {
  const loading = computed(() => state.status === 'loading');
  const error = computed(() => state.error);
  let controller: AbortController | null = null;
  /** The page before the reads in flight began, for an abort and cancel(). */
  let before: S = { ...state };

  /** Reads with a fresh signal; `apply` takes the answer — only while this read is the newest. */
  async function run<T>(read: (signal: AbortSignal) => Promise<T>, apply: (answer: T) => void, options: ReadOptions<S> = {}): Promise<void> {
    controller?.abort();
    // A read that overtakes another goes back, when dropped, to where the first one started from.
    if (!controller) before = { ...state };
    const mine = (controller = new AbortController());
    options.start?.(state);
    if (options.keepShown) state.error = null;
    else Object.assign(state, { status: 'loading', error: null });
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
      if (options.keepShown) state.error = failedState(e).error;
      else Object.assign(state, failedState(e));
      options.failed?.(e);
    } finally {
      if (mine === controller) controller = null;
    }
  }

  /**
   * Drops the read in flight, if any: its answer will not be applied, and nothing is loading. The page
   * goes back to what it showed before the read — or, given `to`, shows that (what the caller knows
   * without asking).
   */
  function cancel(to?: Partial<S>): void {
    if (controller) {
      controller.abort();
      controller = null;
      if (!to) Object.assign(state, before);
    }
    if (to) Object.assign(state, to);
  }

  return { state, loading, error, run, cancel };
}

/**
 * A read started before anything shows it, held under its key until a read for that key takes it.
 * Asking under another key, or taking under another key, aborts the one held. Once taken it is the
 * taker's: aborting the taker's signal aborts it, and the taker hears its failure; one never taken is
 * only aborted.
 */
export function earlyRead<K, T>(same: (a: K, b: K) => boolean) {
  let held: { key: K; controller: AbortController; answer: Promise<T> } | null = null;

  const holds = (key: K): boolean => held !== null && same(held.key, key);

  function drop(): void {
    held?.controller.abort();
    held = null;
  }

  /** Starts `read` for `key`, unless it is already held. */
  function ask(key: K, read: (signal: AbortSignal) => Promise<T>): void {
    if (holds(key)) return;
    drop();
    const controller = new AbortController();
    const answer = read(controller.signal);
    answer.catch(() => undefined); // heard by the taker; a read never taken fails unheard
    held = { key, controller, answer };
  }

  /** The answer held for `key`, now tied to `signal`; null (and what was held for another key dropped) otherwise. */
  function take(key: K, signal: AbortSignal): Promise<T> | null {
    if (!held || !same(held.key, key)) {
      drop();
      return null;
    }
    const { controller, answer } = held;
    held = null;
    signal.addEventListener('abort', () => controller.abort(), { once: true });
    return answer;
  }

  return { holds, ask, take, drop };
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
