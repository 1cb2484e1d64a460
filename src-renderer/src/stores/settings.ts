// The UI's own preferences (theme, language, which clock the schedule shows and whether it shows only
// followed shows, ReplayGain's mode and preamp), kept in localStorage
// so they survive a restart in both shells.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { PREAMP_MAX, PREAMP_MIN, type ReplayGainMode } from '../player/replaygain';

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
  replayGain: ReplayGainMode;
  /** dB added to the ReplayGain of tagged tracks, PREAMP_MIN…PREAMP_MAX. */
  preamp: number;
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
  const fallback: Saved = { theme: 'system', language: initialLanguage(), clock: 'catalogue', shows: 'all', replayGain: 'off', preamp: 0 };
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Saved>;
    return {
      theme: ['system', 'light', 'dark'].includes(saved.theme as string) ? (saved.theme as Theme) : fallback.theme,
      language: LANGUAGES.includes(saved.language as Language) ? (saved.language as Language) : fallback.language,
      clock: saved.clock === 'local' ? 'local' : 'catalogue',
      shows: saved.shows === 'following' ? 'following' : 'all',
      replayGain: saved.replayGain === 'track' || saved.replayGain === 'album' ? saved.replayGain : 'off',
      preamp: typeof saved.preamp === 'number' && Number.isFinite(saved.preamp) ? Math.min(PREAMP_MAX, Math.max(PREAMP_MIN, saved.preamp)) : 0,
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
  const replayGain = ref<ReplayGainMode>(saved.replayGain);
  const preamp = ref(saved.preamp);

  watch([theme, language, clock, shows, replayGain, preamp], () => {
    const kept: Saved = {
      theme: theme.value,
      language: language.value,
      clock: clock.value,
      shows: shows.value,
      replayGain: replayGain.value,
      preamp: preamp.value,
    };
    localStorage.setItem(KEY, JSON.stringify(kept));
  });

  return { theme, language, clock, shows, replayGain, preamp };
});
