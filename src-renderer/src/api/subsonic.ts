// HTTP for Settings → Subsonic players: whether a Subsonic password is set, setting and clearing it
// (/app/subsonic…). Only the app's own UI may call them; no answer ever holds the password.
import type { SubsonicSettings } from '../../../src-main/contract/subsonic';
import { getFirstParty, postFirstParty } from './client';

export type { SubsonicSettings } from '../../../src-main/contract/subsonic';

export async function fetchSubsonicSettings(signal?: AbortSignal): Promise<SubsonicSettings> {
  return (await getFirstParty<{ subsonic: SubsonicSettings }>('/app/subsonic.json', signal)).subsonic;
}

export async function setSubsonicPassword(password: string): Promise<SubsonicSettings> {
  return (await postFirstParty<{ subsonic: SubsonicSettings }>('/app/subsonic/password.json', { password })).subsonic;
}

export async function clearSubsonicPassword(): Promise<SubsonicSettings> {
  return (await postFirstParty<{ subsonic: SubsonicSettings }>('/app/subsonic/clear.json')).subsonic;
}
