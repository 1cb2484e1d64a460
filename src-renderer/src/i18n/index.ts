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

/** A message vue-i18n gives back as written but for its `{name}` placeholders: no plural (`|`), linked
 * message (`@`), modulo (`%`), literal (`{'…'}`) or placeholder with spaces in it. */
const SIMPLE = /^(?:[^{}@|%]|\{[A-Za-z_]\w*\})*$/;

/** The message's text as written for the language (or its fallback, English), when it is a string. */
function sourceOf(language: string, key: string): string | undefined {
  for (const table of [messages[language as Language], messages.en]) {
    let at: unknown = table;
    for (const part of key.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
    if (typeof at === 'string') return at;
    if (at !== undefined) return undefined;
  }
  return undefined;
}

/** A simple message split at its placeholders: text, name, text, name, …, text. */
const partsOf = (source: string) => source.split(/\{(\w+)\}/);

/**
 * The app's `t`: what it makes of a message is kept per language. vue-i18n compiles a message on first
 * use and resolves its key's path and builds a message context on every call, about 25 µs each; a
 * search's forty result rows ask for hundreds of labels (a heart's "Add to favourites", "Favourite
 * “{title}”") on every keystroke, and the first screen for a hundred messages as it starts. So:
 * - a message with neither parameters nor anything vue-i18n's syntax would change is its own text;
 * - one whose only syntax is `{name}` placeholders, asked with named values that are strings or
 *   numbers, is filled in here from its parts, split once;
 * - any other message without parameters is made by vue-i18n once per language, then kept;
 * - everything else (plurals, lists, linked messages, other values) goes to vue-i18n as it is.
 * The result is vue-i18n's own, message for message (a test compares every message in every language).
 * The language is read first, so a component that used a message is drawn again when the language
 * changes, as with vue-i18n's own `t`.
 */
function rememberPlainMessages(composer: typeof i18n.global): void {
  const translate = composer.t as (...args: unknown[]) => string;
  /** Per language and key: the message's parts when it is simple, else what vue-i18n made of it without parameters. */
  const made = new Map<string, string[] | string>();
  const remembering = (key: unknown, ...rest: unknown[]): string => {
    const language = composer.locale.value;
    const named = rest.length === 1 && rest[0] !== null && typeof rest[0] === 'object' && !Array.isArray(rest[0]) ? (rest[0] as Record<string, unknown>) : null;
    if (typeof key !== 'string' || (rest.length > 0 && named === null)) return translate(key, ...rest);
    const id = `${language}\u0000${key}`;
    let known = made.get(id);
    if (known === undefined) {
      const source = sourceOf(language, key);
      known = source !== undefined && SIMPLE.test(source) ? partsOf(source) : translate(key);
      made.set(id, known);
    }
    if (named === null) return typeof known === 'string' ? known : known.length === 1 ? known[0] : translate(key);
    if (typeof known === 'string') return translate(key, named);
    let text = known[0];
    for (let i = 1; i < known.length; i += 2) {
      const value = named[known[i]];
      if (typeof value !== 'string' && typeof value !== 'number') return translate(key, named);
      text += String(value) + known[i + 1];
    }
    return text;
  };
  composer.t = remembering as typeof composer.t;
}
rememberPlainMessages(i18n.global);
