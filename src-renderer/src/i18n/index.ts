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
