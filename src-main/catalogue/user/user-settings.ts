// What the user chose that the server itself acts on, in the user database's `setting` table: the
// broadcast reminders (which the desktop app's main process and a browser page both follow), whether
// posters are fetched from Bangumi and from where, whether and where the anime data is checked for, the calendar feed's token, and the port of the last
// run (tried first at the next start). The UI's own look (theme, language, clock) stays in the page's localStorage.
//
// The feed token is a secret of its own: it opens /calendar/following.ics and nothing else (calendar
// apps cannot send headers), 32 hexadecimal characters, made on first use and replaced on request.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export interface ReminderSettings {
  enabled: boolean;
  /** Minutes before a followed show's broadcast, 0–1440. */
  minutes: number;
}

export const REMINDER_DEFAULTS: ReminderSettings = { enabled: false, minutes: 10 };

export interface PosterSettings {
  enabled: boolean;
  /** Bangumi's API, whose /v0/subjects/<id> names each poster. */
  apiBase: string;
}

/** The anime data's update: whether Moecat may check for a newer bangumi-data by itself each week, where it asks, and when it last asked (Unix seconds). */
export interface AnimeDataSettings {
  weekly: boolean;
  registry: string;
  lastCheck: number | null;
}

export const NPM_REGISTRY_URL = 'https://registry.npmjs.org';
export const ANIME_DATA_DEFAULTS: AnimeDataSettings = { weekly: false, registry: NPM_REGISTRY_URL, lastCheck: null };

export const BANGUMI_API = 'https://api.bgm.tv';
export const POSTER_DEFAULTS: PosterSettings = { enabled: false, apiBase: BANGUMI_API };
export const MAX_REMINDER_MINUTES = 1440;

export interface UserSettings {
  reminders(): ReminderSettings;
  setReminders(value: ReminderSettings): ReminderSettings;
  /** The calendar feed's token, made on first ask. */
  calendarToken(): string;
  /** Replaces the feed token: the old feed address stops working. */
  renewCalendarToken(): string;
  posters(): PosterSettings;
  setPosters(value: PosterSettings): PosterSettings;
  animeData(): AnimeDataSettings;
  setAnimeData(value: AnimeDataSettings): AnimeDataSettings;
  /** The port the server last listened on without --port, if any. */
  lastPort(): number | undefined;
  setLastPort(port: number): void;
}

const newToken = () => randomBytes(16).toString('hex');

export function userSettings(db: Db): UserSettings {
  const read = db.prepare('SELECT value FROM setting WHERE key = ?').pluck();
  const write = db.prepare('INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const get = (key: string) => read.get(key) as string | undefined;
  let postersKept: PosterSettings | undefined;
  const readPosters = (): PosterSettings => {
    try {
      const saved = JSON.parse(get('posters') ?? '{}') as Partial<PosterSettings>;
      return { enabled: saved.enabled === true, apiBase: typeof saved.apiBase === 'string' && saved.apiBase ? saved.apiBase : BANGUMI_API };
    } catch {
      return { ...POSTER_DEFAULTS };
    }
  };

  return {
    reminders() {
      try {
        const saved = JSON.parse(get('reminders') ?? '{}') as Partial<ReminderSettings>;
        const minutes =
          Number.isInteger(saved.minutes) && saved.minutes! >= 0 && saved.minutes! <= MAX_REMINDER_MINUTES ? saved.minutes! : REMINDER_DEFAULTS.minutes;
        return { enabled: saved.enabled === true, minutes };
      } catch {
        return { ...REMINDER_DEFAULTS };
      }
    },
    setReminders(value) {
      const kept = { enabled: value.enabled, minutes: value.minutes };
      write.run('reminders', JSON.stringify(kept));
      return kept;
    },
    calendarToken() {
      const held = get('calendar_token');
      if (held && /^[0-9a-f]{32}$/.test(held)) return held;
      const made = newToken();
      write.run('calendar_token', made);
      return made;
    },
    renewCalendarToken() {
      const made = newToken();
      write.run('calendar_token', made);
      return made;
    },
    // Read once and kept: the covers route asks for every generated cover, and only this object writes it.
    posters() {
      return (postersKept ??= readPosters());
    },
    setPosters(value) {
      const kept = { enabled: value.enabled, apiBase: value.apiBase };
      write.run('posters', JSON.stringify(kept));
      postersKept = kept;
      return { ...kept };
    },
    animeData() {
      try {
        const saved = JSON.parse(get('anime_data') ?? '{}') as Partial<AnimeDataSettings>;
        return {
          weekly: saved.weekly === true,
          registry: typeof saved.registry === 'string' && saved.registry ? saved.registry : NPM_REGISTRY_URL,
          lastCheck: Number.isSafeInteger(saved.lastCheck) ? saved.lastCheck! : null,
        };
      } catch {
        return { ...ANIME_DATA_DEFAULTS };
      }
    },
    setAnimeData(value) {
      const kept = { weekly: value.weekly, registry: value.registry, lastCheck: value.lastCheck };
      write.run('anime_data', JSON.stringify(kept));
      return kept;
    },
    lastPort() {
      const port = Number(get('last_port'));
      return Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : undefined;
    },
    setLastPort(port) {
      write.run('last_port', String(port));
    },
  };
}
