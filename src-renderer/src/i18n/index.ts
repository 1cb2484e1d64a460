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

/** A message's case that vue-i18n gives back as written but for its `{name}` placeholders: not empty,
 * and no linked message (`@`), modulo (`%`), literal (`{'…'}`), placeholder with spaces in it, escape
 * (`\`) or line break (which vue-i18n normalises). */
const SIMPLE_CASE = /^(?:[^{}@|%\\\r\n\u2028\u2029]|\{[A-Za-z_]\w*\})+$/;

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

/**
 * A message's cases — itself, or a plural's, split at `|` less the spaces beside it — each split at its
 * placeholders: text, name, text, …, text. Null when a case has more of vue-i18n's syntax than that.
 */
function casesOf(source: string): string[][] | null {
  const cases = source.split(/ *\| */);
  return cases.every((c) => SIMPLE_CASE.test(c)) ? cases.map((c) => c.split(/\{(\w+)\}/)) : null;
}

/** A number vue-i18n counts by: finite. */
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The case vue-i18n's default plural rule picks: by the named `count`, else `n`, else the number given. */
function caseOf(cases: number, named: Record<string, unknown> | null, plural: number | undefined): number {
  if (cases === 1) return 0;
  const by = Math.abs(isCount(named?.count) ? named.count : isCount(named?.n) ? named.n : (plural ?? -1));
  return cases === 2 ? (by === 1 ? 0 : 1) : Math.min(by, 2);
}

const isNamed = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

/**
 * The app's `t`, without vue-i18n's work where it would change nothing. vue-i18n compiles a message on
 * first use and resolves its key's path and builds a message context on every call, about 25 µs each;
 * a search's forty result rows ask for hundreds of labels (a heart's "Add to favourites", "Favourite
 * “{title}”") on every keystroke, and On air's first screen for a hundred messages and plurals as the
 * app starts. A message whose only syntax is `{name}` placeholders and plural cases (`a | b | c`) is
 * split once per language and filled in here — `t(key)`, `t(key, named)`, `t(key, count)` and
 * `t(key, named, count)` with named values that are strings or numbers — choosing the case and filling
 * `{count}` and `{n}` as vue-i18n does; any other message without parameters is made by vue-i18n once
 * per language and kept; everything else goes to vue-i18n as it is. The result is vue-i18n's own,
 * message for message (a test compares every message in every language, with and without values and
 * counts). The language is read first, so a component that used a message is drawn again when the
 * language changes, as with vue-i18n's own `t`.
 */
function rememberPlainMessages(composer: typeof i18n.global): void {
  const translate = composer.t as (...args: unknown[]) => string;
  /** Per language and key: the message's cases when it is simple, else null. */
  const split = new Map<string, string[][] | null>();
  /** Per language and key: what vue-i18n made of a message that is not simple, without parameters. */
  const plain = new Map<string, string>();
  const remembering = (key: unknown, ...rest: unknown[]): string => {
    const language = composer.locale.value;
    const [first, second] = rest;
    const named = isNamed(first) ? first : null;
    const plural = isCount(first) ? first : isCount(second) && named ? second : undefined;
    const asked =
      rest.length === 0 || (rest.length === 1 && (named !== null || plural !== undefined)) || (rest.length === 2 && named !== null && plural !== undefined);
    if (typeof key !== 'string' || !asked) return translate(key, ...rest);
    const id = `${language}\u0000${key}`;
    let cases = split.get(id);
    if (cases === undefined) {
      const source = sourceOf(language, key);
      cases = source === undefined ? null : casesOf(source);
      split.set(id, cases);
    }
    if (cases === null) {
      if (rest.length > 0) return translate(key, ...rest);
      let text = plain.get(id);
      if (text === undefined) plain.set(id, (text = translate(key)));
      return text;
    }
    const parts = cases[caseOf(cases.length, named, plural)];
    let text = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      let value = named?.[parts[i]];
      if (!value && plural !== undefined && (parts[i] === 'count' || parts[i] === 'n')) value = plural;
      if (value === undefined || value === null) value = '';
      else if (typeof value !== 'string' && typeof value !== 'number') return translate(key, ...rest);
      text += String(value) + parts[i + 1];
    }
    return text;
  };
  composer.t = remembering as typeof composer.t;
}
rememberPlainMessages(i18n.global);
