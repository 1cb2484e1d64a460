// Which episode a broadcast is, from Bangumi's episodes (/anime/detail's wiki_bangumi): the show
// page's "Ep 8 in 2 h" and the calendars' "Title — Ep 8" both ask here. Pure functions of an instant,
// so tests pass their own clock.
//
// Decisions:
// - Bangumi gives an episode a day, not a time: a broadcast is the episode whose air date is the
//   broadcast's Japan broadcast day (05:00 rule, contract/time.ts: Monday 25:30 is a Monday episode);
//   when no episode has that day, the broadcast's calendar day in Japan (Tuesday for that 25:30), as
//   Bangumi's wiki often writes a late-night episode. The broadcast day is asked first, so a daily
//   late-night show is not given the next day's episode.
// - Two episodes on one day (a double premiere) are one broadcast: "Ep 1–2".
// - Nothing is invented: a broadcast whose days no episode has, or a show without Bangumi's episodes,
//   names no episode.
import { nextBroadcast } from './broadcast-schedule';
import type { BroadcastDto, EpisodeDto } from './objects';
import { broadcastDay, wallTime } from './time';

const isoDay = (w: { year: number; month: number; day: number }) =>
  `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;

/** The two days an instant may be written under in Japan: its broadcast day, then its calendar day ("YYYY-MM-DD"). */
export function broadcastDates(atMs: number, timeZone: string): { broadcastDay: string; calendarDay: string } {
  const day = broadcastDay(atMs, timeZone);
  return { broadcastDay: isoDay(wallTime(day.midnight * 1000, timeZone)), calendarDay: isoDay(wallTime(atMs, timeZone)) };
}

/** The episodes of a broadcast written under these days (broadcastDates), in order; [] when none has its day. */
export function episodesOn(episodes: readonly EpisodeDto[], days: { broadcastDay: string; calendarDay: string }): EpisodeDto[] {
  const on = (date: string) => episodes.filter((e) => e.airdate === date);
  const found = on(days.broadcastDay);
  return found.length > 0 || days.calendarDay === days.broadcastDay ? found : on(days.calendarDay);
}

/** The episodes broadcast at `atMs` (Unix ms), in order; [] when none has its day. */
export function episodesAt(episodes: readonly EpisodeDto[], atMs: number, timeZone: string): EpisodeDto[] {
  return episodesOn(episodes, broadcastDates(atMs, timeZone));
}

export interface NextEpisode {
  /** The next broadcast, Unix ms. */
  at: number;
  /** The episodes it is; [] when Bangumi's episodes do not say. */
  episodes: EpisodeDto[];
}

/** The next broadcast at or after `nowMs` and the episodes it is; null when the run is over. */
export function nextEpisode(b: BroadcastDto, episodes: readonly EpisodeDto[], nowMs: number): NextEpisode | null {
  const at = nextBroadcast(b, nowMs);
  return at === null ? null : { at, episodes: episodesAt(episodes, at, b.time_zone) };
}

/** An episode's number as Bangumi shows it: 8, 12.5. */
export function episodeNumber(e: EpisodeDto): string {
  return Number.isInteger(e.sort) ? String(e.sort) : String(Number(e.sort.toFixed(2)));
}

/** The numbers of one broadcast's episodes: "8", or "1–2" for two or more; '' for none. */
export function episodesLabel(episodes: readonly EpisodeDto[]): string {
  if (episodes.length === 0) return '';
  const first = episodeNumber(episodes[0]);
  return episodes.length === 1 ? first : `${first}–${episodeNumber(episodes[episodes.length - 1])}`;
}
