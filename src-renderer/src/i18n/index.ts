// vue-i18n set up with every feature's messages. Each feature keeps its strings in
// i18n/messages/<feature>.ts as { en, 'zh-Hans', ja }, under its own namespace.
import { createI18n } from 'vue-i18n';
import type { Language } from '../stores/settings';
import animeData from './messages/anime-data';
import artist from './messages/artist';
import browse from './messages/browse';
import common from './messages/common';
import entry from './messages/entry';
import favourites from './messages/favourites';
import oauth from './messages/oauth';
import onair from './messages/onair';
import player from './messages/player';
import playlists from './messages/playlists';
import search from './messages/search';
import seasons from './messages/seasons';
import session from './messages/session';
import settings from './messages/settings';
import show from './messages/show';
import sources from './messages/sources';
import subsonic from './messages/subsonic';

const features = {
  common,
  animeData,
  onair,
  browse,
  search,
  entry,
  player,
  settings,
  session,
  favourites,
  oauth,
  sources,
  show,
  playlists,
  artist,
  seasons,
  subsonic,
};
type Messages = Record<string, unknown>;

function forLanguage(lang: Language): Messages {
  const out: Messages = {};
  for (const [name, byLang] of Object.entries(features)) out[name] = (byLang as Record<Language, Messages>)[lang];
  return out;
}

const messages: Record<Language, Messages> = { en: forLanguage('en'), 'zh-Hans': forLanguage('zh-Hans'), ja: forLanguage('ja') };

export const i18n = createI18n({
  legacy: false,
  locale: 'en' as string,
  fallbackLocale: 'en',
  // Features type their own strings; the merged table is checked by the message files' shape only.
  messages: messages as unknown as Record<string, Record<string, string>>,
});

/**
 * A message without parameters says the same for as long as the language stays: the global `t` keeps
 * what it made of one, per language. vue-i18n resolves the key's path and builds a message context on
 * every call, about 25 µs each; a search's forty result rows ask for hundreds of such labels (a heart's
 * "Add to favourites", a type's name) on every keystroke. Calls with parameters (a title, a count) go
 * to vue-i18n as they are. The language is read first, so a component that used a message is drawn
 * again when the language changes, as with vue-i18n's own `t`.
 */
function rememberPlainMessages(composer: typeof i18n.global): void {
  const translate = composer.t;
  const made = new Map<string, string>();
  const remembering = (key: unknown, ...rest: unknown[]): string => {
    const language = composer.locale.value;
    if (typeof key !== 'string' || rest.length > 0) return (translate as (...args: unknown[]) => string)(key, ...rest);
    const id = `${language}\u0000${key}`;
    let text = made.get(id);
    if (text === undefined) {
      text = translate(key);
      made.set(id, text);
    }
    return text;
  };
  composer.t = remembering as typeof composer.t;
}
rememberPlainMessages(i18n.global);
