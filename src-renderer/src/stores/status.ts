// The catalogue summary: how much is in the catalogue and where its API lives.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { fetchStatus, type AppStatus } from '../api/status';

export const useStatusStore = defineStore('status', () => {
  const status = ref<AppStatus | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    loading.value = true;
    error.value = null;
    try {
      status.value = await fetchStatus();
    } catch (e) {
      // fetch rejects with a TypeError when the server is gone; say so in words a user understands.
      error.value = e instanceof TypeError ? 'The Moecat server cannot be reached.' : e instanceof Error ? e.message : String(e);
    } finally {
      loading.value = false;
    }
  }

  return { status, loading, error, load };
});
