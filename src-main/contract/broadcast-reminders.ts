// Reminders before followed shows' broadcasts: which are due when, and a scheduler that waits for
// them. Plain code with the clock and the timers passed in, so the desktop app's main process, a
// browser page and the tests all run the same thing.
//
// Decisions:
// - a reminder is due `minutes` before a broadcast (contract/broadcast-schedule.ts says when those are);
// - the scheduler sleeps until the next reminder, but never longer than its re-check time, and asks again for
//   the shows and settings each time it wakes (a show followed meanwhile is picked up within that time;
//   `refresh()` picks it up at once);
// - after a sleep (a laptop lid closed) it does not announce the past: reminders of broadcasts that
//   began more than LATE_MS ago are dropped, the others announced once.
import { broadcastsBetween } from './broadcast-schedule';
import type { BroadcastDto } from './objects';

export interface RemindedShow {
  wiki_id: number;
  wiki_title: string;
  wiki_url: string;
  wiki_broadcast: BroadcastDto | null;
}

export interface Reminder {
  wikiId: number;
  title: string;
  url: string;
  /** The broadcast, Unix ms. */
  at: number;
  /** When to remind, Unix ms. */
  remindAt: number;
}

export const RECHECK_MS = 15 * 60_000;
export const LATE_MS = 30 * 60_000;
const LOOKAHEAD_MS = 8 * 86_400_000;

/** Reminders falling at or after `fromMs` and before `toMs`, by time. */
export function remindersBetween(shows: readonly RemindedShow[], minutes: number, fromMs: number, toMs: number): Reminder[] {
  const lead = minutes * 60_000;
  const out: Reminder[] = [];
  for (const show of shows) {
    if (!show.wiki_broadcast) continue;
    for (const at of broadcastsBetween(show.wiki_broadcast, fromMs + lead, toMs + lead)) {
      out.push({ wikiId: show.wiki_id, title: show.wiki_title, url: show.wiki_url, at, remindAt: at - lead });
    }
  }
  return out.sort((a, b) => a.remindAt - b.remindAt || a.wikiId - b.wikiId);
}

/** The next reminder at or after `nowMs` within the coming week, or null. */
export function nextReminder(shows: readonly RemindedShow[], minutes: number, nowMs: number): Reminder | null {
  return remindersBetween(shows, minutes, nowMs, nowMs + LOOKAHEAD_MS)[0] ?? null;
}

export interface ReminderState {
  enabled: boolean;
  minutes: number;
  shows: readonly RemindedShow[];
}

export interface ReminderClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReminderScheduler {
  /** Asks for the shows and settings again and re-plans (after a follow, or a settings change). */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * Runs reminders: `load` gives the settings and the followed shows (it may fail: the scheduler tries
 * again later), `notify` announces one reminder.
 */
export function scheduleReminders(
  load: () => Promise<ReminderState>,
  notify: (r: Reminder) => void,
  clock: ReminderClock,
  { recheckMs = RECHECK_MS }: { recheckMs?: number } = {},
): ReminderScheduler {
  let timer: unknown = null;
  let stopped = false;
  /** Each wake's number: a wake overtaken by a later one (a refresh while loading) gives way to it. */
  let wakes = 0;
  /** Reminders before this moment have been announced or were in the past when the scheduler began. */
  let checkedUntil = clock.now();

  async function wake(): Promise<void> {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const mine = ++wakes;
    let state: ReminderState | null = null;
    try {
      state = await load();
    } catch {
      state = null;
    }
    if (stopped || mine !== wakes) return;
    const now = clock.now();
    if (state?.enabled) {
      for (const r of remindersBetween(state.shows, state.minutes, checkedUntil, now + 1)) {
        if (now - r.at <= LATE_MS) notify(r);
      }
    }
    checkedUntil = Math.max(checkedUntil, now + 1);
    const next = state?.enabled ? nextReminder(state.shows, state.minutes, checkedUntil) : null;
    const wait = Math.min(recheckMs, next === null ? recheckMs : Math.max(0, next.remindAt - now));
    timer = clock.setTimeout(() => void wake(), wait);
  }

  void wake();
  return {
    refresh: wake,
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
