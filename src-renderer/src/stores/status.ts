// The catalogue summary: how much is in the catalogue and where its API lives.
import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import { failureMessage } from '../api/client';
import { fetchStatus, type AppStatus } from '../api/status';
import { idle, type LoadState } from './load-state';

export const useStatusStore = defineStore('status', () => {
  const status = ref<AppStatus | null>(null);
  const loadState = reactive<LoadState>(idle());
  const loading = computed(() => loadState.status === 'loading');
  const error = computed(() => loadState.error);

  async function load(): Promise<void> {
    Object.assign(loadState, { status: 'loading', error: null });
    try {
      status.value = await fetchStatus();
      Object.assign(loadState, { status: 'ready', error: null });
    } catch (e) {
      // fetch rejects with a TypeError when the server is gone; say so in words a user understands.
      Object.assign(loadState, { status: 'error', error: e instanceof TypeError ? 'The Moecat server cannot be reached.' : failureMessage(e) });
    }
  }

  return { status, loadState, loading, error, load };
});
