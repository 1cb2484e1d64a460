// HTTP for the on-air week: one /on-air.json call for all seven days.
import type { OnAirDto } from '../../../src-main/contract/objects';
import { apiPath } from '../../../src-main/contract/paths';
import { getApi } from './client';

export interface OnAirWeek {
  /** Every airing entry, in the API's day order (a daily show once per day). */
  entries: OnAirDto[];
  /** `onair_<n>_count` per weekday, 1 Monday … 7 Sunday. */
  counts: Record<number, number>;
  total: number;
}

type OnAirResponse = Record<`onair_${number}`, OnAirDto[] | undefined>;

export async function fetchOnAir(signal?: AbortSignal): Promise<OnAirWeek> {
  const response = await getApi<OnAirResponse>(apiPath('on-air', 'json'), {}, signal);
  const entries: OnAirDto[] = [];
  const counts: Record<number, number> = {};
  for (let day = 1; day <= 7; day++) {
    entries.push(...(response[`onair_${day}`] ?? []));
    counts[day] = response.information[`onair_${day}_count`] ?? 0;
  }
  return { entries, counts, total: response.information.count ?? entries.length };
}
