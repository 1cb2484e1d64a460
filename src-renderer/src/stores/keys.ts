// The API keys shown in Settings: the list, the key just created (its secret is shown once, then
// forgotten), and the key the app itself uses, which must not be revoked from here. Also the tools
// connected with OAuth ("Connected tools"): a tool is a key's access token, so revoking a key ends its
// tools too and the list is read again.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { apiKey, failureMessage } from '../api/client';
import { createKey, fetchConnectedTools, fetchKeys, revokeConnectedTool, revokeKey, type ApiKeyInfo, type ConnectedToolInfo } from '../api/keys';

export type { ApiKeyInfo, ConnectedToolInfo } from '../api/keys';

export const useKeysStore = defineStore('keys', () => {
  const keys = shallowRef<ApiKeyInfo[]>([]);
  const loading = ref(false);
  const loaded = ref(false);
  const error = ref<string | null>(null);
  /** The answer of the last create: key and secret, until dismissed. */
  const created = ref<(ApiKeyInfo & { secret: string }) | null>(null);
  const busy = ref(false);
  const actionError = ref<string | null>(null);
  /** The key this window uses for the catalogue; revoking it would break the app until restarted. */
  const ownKey = apiKey;

  // Newest first: the key just made is at the top, next to its secret.
  const sorted = computed(() => keys.value.slice().sort((a, b) => b.created - a.created || a.key.localeCompare(b.key)));

  let controller: AbortController | undefined;
  async function load(): Promise<void> {
    controller?.abort();
    controller = new AbortController();
    loading.value = true;
    error.value = null;
    try {
      keys.value = await fetchKeys(controller.signal);
      loaded.value = true;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      error.value = failureMessage(e);
    } finally {
      loading.value = false;
    }
  }

  async function create(name: string): Promise<boolean> {
    busy.value = true;
    actionError.value = null;
    try {
      const made = await createKey(name);
      created.value = made;
      const { secret: _secret, ...listed } = made;
      keys.value = [...keys.value, listed];
      return true;
    } catch (e) {
      actionError.value = failureMessage(e);
      return false;
    } finally {
      busy.value = false;
    }
  }

  async function revoke(key: string): Promise<boolean> {
    if (key === ownKey) return false;
    busy.value = true;
    actionError.value = null;
    try {
      const updated = await revokeKey(key);
      keys.value = keys.value.map((k) => (k.key === key ? updated : k));
      if (tools.value.some((tool) => tool.key === key)) void loadTools();
      return true;
    } catch (e) {
      actionError.value = failureMessage(e);
      return false;
    } finally {
      busy.value = false;
    }
  }

  const forgetCreated = () => (created.value = null);

  // Connected tools (OAuth access tokens), newest first as the server lists them.
  const tools = shallowRef<ConnectedToolInfo[]>([]);
  const toolsLoading = ref(false);
  const toolsError = ref<string | null>(null);
  const toolBusy = ref(false);
  const toolActionError = ref<string | null>(null);

  let toolsController: AbortController | undefined;
  async function loadTools(): Promise<void> {
    toolsController?.abort();
    toolsController = new AbortController();
    toolsLoading.value = true;
    toolsError.value = null;
    try {
      tools.value = await fetchConnectedTools(toolsController.signal);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      toolsError.value = failureMessage(e);
    } finally {
      toolsLoading.value = false;
    }
  }

  /** Ends a tool's access; it leaves the list. */
  async function revokeTool(token: string): Promise<boolean> {
    toolBusy.value = true;
    toolActionError.value = null;
    try {
      await revokeConnectedTool(token);
      tools.value = tools.value.filter((tool) => tool.token !== token);
      return true;
    } catch (e) {
      toolActionError.value = failureMessage(e);
      return false;
    } finally {
      toolBusy.value = false;
    }
  }

  return {
    keys: sorted,
    loading,
    loaded,
    error,
    created,
    busy,
    actionError,
    ownKey,
    load,
    create,
    revoke,
    forgetCreated,
    tools,
    toolsLoading,
    toolsError,
    toolBusy,
    toolActionError,
    loadTools,
    revokeTool,
  };
});
