// The desktop app's reminders: the main process runs the scheduler (contract/broadcast-reminders.ts)
// over the server's own state, so reminders come while the window is minimised or hidden, and hands
// each one to `show` (the shell's native notification). Free of Electron, so it runs under Node too.
import { scheduleReminders, type Reminder, type ReminderScheduler } from './contract/broadcast-reminders';
import type { RunningServer } from './server/start';

/** The main process reads its own database: a minute is cheap, and a new follow counts within it. */
const DESKTOP_RECHECK_MS = 60_000;

export interface ReminderNotice {
  title: string;
  body: string;
  /** The show's page, opened when the notice is clicked. */
  url: string;
}

/** What a reminder says, in the system's language and time zone. */
export function reminderNotice(r: Reminder, nowMs: number, locale?: string): ReminderNotice {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(r.at);
  const minutes = Math.max(0, Math.round((r.at - nowMs) / 60_000));
  return { title: r.title, body: minutes === 0 ? `On air now (${time})` : `On air at ${time}, in ${minutes} min`, url: r.url };
}

export function startDesktopReminders(server: Pick<RunningServer, 'reminderState'>, show: (notice: ReminderNotice) => void): ReminderScheduler {
  return scheduleReminders(
    async () => server.reminderState(),
    (r) => show(reminderNotice(r, Date.now())),
    { now: Date.now, setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    { recheckMs: DESKTOP_RECHECK_MS },
  );
}
