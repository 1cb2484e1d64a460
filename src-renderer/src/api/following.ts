// HTTP for the anime side's settings: the followed shows with their slots, the reminder settings, the
// calendar feed's address, one show's calendar file, and posters and Bangumi details from Bangumi.
import type { AnimeWikiDto } from '../../../src-main/contract/objects';
import { downloadFile, getFirstParty, postFirstParty } from './client';
import type { JobInfo } from './jobs';

export interface ReminderSettings {
  enabled: boolean;
  minutes: number;
}

export async function fetchFollowing(): Promise<AnimeWikiDto[]> {
  return (await getFirstParty<{ shows: AnimeWikiDto[] }>('/app/following.json')).shows;
}

export async function fetchReminders(): Promise<ReminderSettings> {
  return (await getFirstParty<{ reminders: ReminderSettings }>('/app/reminders.json')).reminders;
}

export async function saveReminders(value: ReminderSettings): Promise<ReminderSettings> {
  return (await postFirstParty<{ reminders: ReminderSettings }>('/app/reminders.json', { ...value })).reminders;
}

export async function fetchCalendarFeed(): Promise<string> {
  return (await getFirstParty<{ calendar: { feed_url: string } }>('/app/calendar.json')).calendar.feed_url;
}

export async function renewCalendarFeed(): Promise<string> {
  return (await postFirstParty<{ calendar: { feed_url: string } }>('/app/calendar/renew.json')).calendar.feed_url;
}

/** One show's .ics, saved by the browser. */
export const downloadShowCalendar = (wikiId: number) => downloadFile('/calendar/anime.ics', { wiki_id: wikiId }, `moecat-anime-${wikiId}.ics`);

/** /app/posters.json: whether posters and Bangumi details are fetched from Bangumi, and how many are kept. */
export interface PosterState {
  enabled: boolean;
  api_base: string;
  asked: number;
  saved: number;
  details_asked: number;
  details_kept: number;
}

export async function fetchPosterState(signal?: AbortSignal): Promise<{ posters: PosterState; job: JobInfo | null }> {
  const res = await getFirstParty<{ posters: PosterState; job: JobInfo | null }>('/app/posters.json', signal);
  return { posters: res.posters, job: res.job };
}

export async function setPostersEnabled(enabled: boolean): Promise<PosterState> {
  return (await postFirstParty<{ posters: PosterState }>('/app/posters.json', { enabled })).posters;
}

export async function startPosterFetch(): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>('/app/posters/fetch.json')).job;
}
