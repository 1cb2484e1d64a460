// The UI's own preferences (theme, language, which clock the schedule shows and whether it shows only
// followed shows), kept in localStorage
// so they survive a restart in both shells.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

export type Theme = 'system' | 'light' | 'dark';
export type Language = 'en' | 'zh-Hans' | 'ja';
/** 'catalogue' = the catalogue's time zone (Asia/Tokyo, with 25:30-style late-night times); 'local' = the viewer's. */
export type ClockMode = 'catalogue' | 'local';
/** On air's filter: every airing show, or only those the user follows. */
export type ShowFilter = 'all' | 'following';

const KEY = 'moecat.settings';
export const LANGUAGES: Language[] = ['en', 'zh-Hans', 'ja'];

interface Saved {
  theme: Theme;
  language: Language;
  clock: ClockMode;
  shows: ShowFilter;
}

function initialLanguage(): Language {
  const wanted = navigator.languages ?? [navigator.language];
  for (const tag of wanted) {
    if (/^zh/i.test(tag)) return 'zh-Hans';
    if (/^ja/i.test(tag)) return 'ja';
    if (/^en/i.test(tag)) return 'en';
  }
  return 'en';
}

function load(): Saved {
  const fallback: Saved = { theme: 'system', language: initialLanguage(), clock: 'catalogue', shows: 'all' };
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Saved>;
    return {
      theme: ['system', 'light', 'dark'].includes(saved.theme as string) ? (saved.theme as Theme) : fallback.theme,
      language: LANGUAGES.includes(saved.language as Language) ? (saved.language as Language) : fallback.language,
      clock: saved.clock === 'local' ? 'local' : 'catalogue',
      shows: saved.shows === 'following' ? 'following' : 'all',
    };
  } catch {
    return fallback;
  }
}

export const useSettingsStore = defineStore('settings', () => {
  const saved = load();
  const theme = ref<Theme>(saved.theme);
  const language = ref<Language>(saved.language);
  const clock = ref<ClockMode>(saved.clock);
  const shows = ref<ShowFilter>(saved.shows);

  watch([theme, language, clock, shows], () => {
    const kept: Saved = { theme: theme.value, language: language.value, clock: clock.value, shows: shows.value };
    localStorage.setItem(KEY, JSON.stringify(kept));
  });

  return { theme, language, clock, shows };
});
