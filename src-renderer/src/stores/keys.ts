// The API keys shown in Settings: the list, the key just created (its secret is shown once, then
// forgotten), and the key the app itself uses, which must not be revoked from here. Also the tools
// connected with OAuth ("Connected tools"): a tool is a key's access token, so revoking a key ends its
// tools too and the list is read again.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { createKey, fetchConnectedTools, fetchKeys, revokeConnectedTool, revokeKey, type ApiKeyInfo, type ConnectedToolInfo } from '../api/keys';
import { latestRead, userAction } from './requests';

export type { ApiKeyInfo, ConnectedToolInfo } from '../api/keys';

export const useKeysStore = defineStore('keys', () => {
  const keys = shallowRef<ApiKeyInfo[]>([]);
  const { state: loadState, loading, error, run: read } = latestRead();
  const loaded = ref(false);
  /** The answer of the last create: key and secret, until dismissed. */
  const created = ref<(ApiKeyInfo & { secret: string }) | null>(null);
  const { busy, error: actionError, run: act } = userAction();
  /** The key the server printed for tools at start: the server refuses to revoke it while it runs. */
  const ownKey = computed(() => keys.value.find((k) => k.in_use)?.key ?? '');

  // Newest first: the key just made is at the top, next to its secret.
  const sorted = computed(() => keys.value.slice().sort((a, b) => b.created - a.created || a.key.localeCompare(b.key)));

  const load = () =>
    read(fetchKeys, (answer) => {
      keys.value = answer;
      loaded.value = true;
    });

  const create = (name: string) =>
    act(async () => {
      const made = await createKey(name);
      created.value = made;
      const { secret: _secret, ...listed } = made;
      keys.value = [...keys.value, listed];
    });

  async function revoke(key: string): Promise<boolean> {
    if (key === ownKey.value) return false;
    return act(async () => {
      const updated = await revokeKey(key);
      keys.value = keys.value.map((k) => (k.key === key ? updated : k));
      if (tools.value.some((tool) => tool.key === key)) void loadTools();
    });
  }

  const forgetCreated = () => (created.value = null);

  // Connected tools (OAuth access tokens), newest first as the server lists them.
  const tools = shallowRef<ConnectedToolInfo[]>([]);
  const { state: toolsState, loading: toolsLoading, error: toolsError, run: readTools } = latestRead();
  const { busy: toolBusy, error: toolActionError, run: actOnTool } = userAction();

  const loadTools = () => readTools(fetchConnectedTools, (answer) => (tools.value = answer));

  /** Ends a tool's access; it leaves the list. */
  const revokeTool = (token: string) =>
    actOnTool(async () => {
      await revokeConnectedTool(token);
      tools.value = tools.value.filter((tool) => tool.token !== token);
    });

  return {
    keys: sorted,
    loadState,
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
    toolsState,
    toolsLoading,
    toolsError,
    toolBusy,
    toolActionError,
    loadTools,
    revokeTool,
  };
});
