// Formatting shared by the entry and search screens: dates, durations, which section an entry is in.
import { CATALOGUE_TIME_ZONE } from '../../../src-main/contract/time';
import type { EntrySection } from '../api/entry';

/**
 * A day-precision date ('' when unknown, i.e. 0). Entry dates are days in the catalogue's time zone
 * (DESIGN.md §3): show that day, wherever the viewer is.
 */
export function formatDay(unixSeconds: number, locale: string): string {
  if (!unixSeconds) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: CATALOGUE_TIME_ZONE }).format(unixSeconds * 1000);
}

export function yearOf(unixSeconds: number): string {
  if (!unixSeconds) return '';
  return new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: CATALOGUE_TIME_ZONE }).format(unixSeconds * 1000);
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

/** The `sub_view_title` split into its label (`song.03`) and title, for two styles on one line. */
export function splitViewTitle(viewTitle: string, title: string): { label: string; title: string } {
  const label = viewTitle.endsWith(title) ? viewTitle.slice(0, viewTitle.length - title.length).trim() : '';
  return label ? { label, title } : { label: '', title: viewTitle };
}
