// Settings → Subsonic players: the user name players sign in with, whether a password is set, and
// setting or clearing it. The password goes to the server and is not kept here.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { serverUrl } from '../api/client';
import { clearSubsonicPassword, fetchSubsonicSettings, setSubsonicPassword, type SubsonicSettings } from '../api/subsonic';
import { latestRead, userAction } from './requests';

export const useSubsonicStore = defineStore('subsonic', () => {
  const settings = ref<SubsonicSettings | null>(null);
  const { state: loadState, run: read } = latestRead();
  const { busy, error: actionError, run: act } = userAction();

  const load = () => read(fetchSubsonicSettings, (answer) => (settings.value = answer));
  /** Sets the password; answers whether it worked (the form then empties itself). */
  const setPassword = (password: string) => act(async () => (settings.value = await setSubsonicPassword(password)));
  const clear = () => act(async () => (settings.value = await clearSubsonicPassword()));

  /** The address a player connects to: this server's. */
  const address = serverUrl;

  return { settings, address, loadState, busy, actionError, load, setPassword, clear };
});
