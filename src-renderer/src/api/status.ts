// HTTP for the catalogue summary shown on the home screen and About.
import type { AppStatus } from '../../../src-main/contract/app';
import { getFirstParty } from './client';

export type { AppStatus } from '../../../src-main/contract/app';

export async function fetchStatus(signal?: AbortSignal): Promise<AppStatus> {
  return (await getFirstParty<{ status: AppStatus }>('/app/status.json', signal)).status;
}
