// HTTP for following shows: the followed shows with their slots, the reminder settings, the calendar
// feed's address, and one show's calendar file.
import type { AnimeWikiDto } from '../../../src-main/contract/objects';
import { getFile, getFirstParty, postFirstParty } from './client';

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

/** One show's .ics, saved by the browser under the name the server gives. */
export async function downloadShowCalendar(wikiId: number): Promise<void> {
  const blob = await getFile('/calendar/anime.ics', { wiki_id: wikiId });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: `moecat-anime-${wikiId}.ics` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
