// Reminders in a browser (the headless server's UI): while the page is open, the scheduler of
// contract/broadcast-reminders.ts runs over /app/following and /app/reminders and shows each reminder
// with the browser's Notification API. The desktop app's main process reminds instead (its window
// runs none of this), so a reminder never comes twice.
//
// The page learns of a new follow or a settings change through FOLLOWING_CHANGED (following-changed.ts;
// the favourites store and Settings send it) and plans again at once.
import type { Router } from 'vue-router';
import { scheduleReminders, type Reminder } from '../../../src-main/contract/broadcast-reminders';
import { wikiPagePath } from '../../../src-main/contract/paths';
import { fetchFollowing, fetchReminders } from '../api/following';
import { FOLLOWING_CHANGED } from './following-changed';

type Say = (key: string, named: Record<string, unknown>) => string;

function show(r: Reminder, router: Router, say: Say): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(r.at);
  const notice = new Notification(r.title, { body: say('show.reminders.notice', { time }), tag: `moecat-${r.wikiId}-${r.at}` });
  notice.onclick = () => {
    window.focus();
    void router.push(wikiPagePath('tv', r.wikiId));
    notice.close();
  };
}

/** Starts the browser's reminders; nothing in the desktop window or where notifications do not exist. */
export function startBrowserReminders(router: Router, say: Say): void {
  if (window.moecat || typeof Notification === 'undefined') return;
  const scheduler = scheduleReminders(
    async () => {
      const [settings, shows] = await Promise.all([fetchReminders(), fetchFollowing()]);
      return { ...settings, shows };
    },
    (r) => show(r, router, say),
    { now: Date.now, setTimeout: (run, ms) => window.setTimeout(run, ms), clearTimeout: (handle) => window.clearTimeout(handle as number) },
  );
  window.addEventListener(FOLLOWING_CHANGED, () => void scheduler.refresh());
}
