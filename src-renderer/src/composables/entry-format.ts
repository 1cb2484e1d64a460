// Formatting shared by the screens: dates, moments, durations, track numbers, which section an entry is in.
import { CATALOGUE_TIME_ZONE } from '../../../src-main/contract/time';
import type { EntrySection } from '../api/entry';

/**
 * A day-precision date ('' when unknown, i.e. 0). Entry dates are days in the catalogue's time zone
 * (docs/architecture.md, Decisions): show that day, wherever the viewer is.
 */
export function formatDay(unixSeconds: number, locale: string): string {
  if (!unixSeconds) return '';
  return formatterOf(locale, 'day').format(unixSeconds * 1000);
}

/** A calendar day given as an ISO date ('2026-04-29'), in the viewer's language; '' when there is none. */
export function formatIsoDay(isoDay: string, locale: string): string {
  const at = Date.parse(`${isoDay}T12:00:00Z`);
  return Number.isNaN(at) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
}

/** Anime data older than this (its newest start date) is old enough for On air to say so. */
export const STALE_DATA_DAYS = 28;

/** Whether the anime data, whose newest start date is `isoDay`, is older than STALE_DATA_DAYS at `nowMs`. */
export function isStaleData(isoDay: string, nowMs: number): boolean {
  const at = Date.parse(`${isoDay}T00:00:00Z`);
  return !Number.isNaN(at) && nowMs - at > STALE_DATA_DAYS * 86_400_000;
}

export function yearOf(unixSeconds: number): string {
  if (!unixSeconds) return '';
  return formatterOf('en', 'year').format(unixSeconds * 1000);
}

/** A moment (an import, a key made, a play) in the viewer's own time zone: date and time. */
export function formatMoment(unixSeconds: number, locale: string): string {
  return formatterOf(locale, 'moment').format(unixSeconds * 1000);
}

const STYLES: Record<'day' | 'year' | 'moment', Intl.DateTimeFormatOptions> = {
  day: { dateStyle: 'medium', timeZone: CATALOGUE_TIME_ZONE },
  year: { year: 'numeric', timeZone: CATALOGUE_TIME_ZONE },
  moment: { dateStyle: 'medium', timeStyle: 'short' },
};

/**
 * One Intl.DateTimeFormat per language and style, made once: making one costs about as much as
 * drawing a result row (a list of 40 years made 40 of them per keystroke).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, made);
  }
  return made;
}

/** m:ss (h:mm:ss past an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The section an entry's page lives under: every anime kind under /anime (as wikiPagePath decides). */
export function sectionOf(wikiType: string): EntrySection {
  return wikiType === 'music' || wikiType === 'radio' ? wikiType : 'anime';
}

/**
 * A sub-entry's number as people write it: "01" → "1", a multi-disc "2-03" as it is, any other order
 * as given ('' when there is none).
 */
export function trackNumber(order: string): string {
  const trimmed = order.trim();
  if (/^\d+$/.test(trimmed)) return String(Number(trimmed));
  return trimmed;
}

/**
 * The discs of a track list whose orders are disc-track ('2-03', as an import numbers an album of several
 * discs): each track's disc and its number on it; null when the list is not of several discs.
 */
export function discsOf(orders: readonly string[]): { disc: number; track: string }[] | null {
  const parsed = orders.map((o) => /^(\d+)-(\d+)('*)$/.exec(o.trim()));
  if (parsed.some((m) => !m)) return null;
  const discs = parsed.map((m) => ({ disc: Number(m![1]), track: `${Number(m![2])}${m![3]}` }));
  return new Set(discs.map((d) => d.disc)).size > 1 ? discs : null;
}

type Translate = (key: string, named: Record<string, unknown>) => string;

/** "Track 3", "Episode 12", "Track 2-03" in the UI's language; `fallback` when the sub-entry has no number. */
export function trackLabel(sub: { sub_type: string; sub_order: string }, t: Translate, fallback = ''): string {
  const n = trackNumber(sub.sub_order);
  return n ? t(`entry.trackNo.${sub.sub_type === 'ep' ? 'ep' : 'song'}`, { n }) : fallback;
}
