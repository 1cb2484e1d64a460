// The calendar writer with titles, site names and addresses a synced remote chose: whatever they hold,
// the file has exactly the events Moecat wrote, each line within 75 octets, and every text reads back
// (ical.js) as it was given, less the control characters TEXT cannot hold.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { AnimeWikiDto, EpisodeDto } from '../../../src-main/contract/objects';
import { localMidnight } from '../../../src-main/contract/time';
import { EPISODES_AHEAD_DAYS, EPISODES_BACK_DAYS, escapedText, showsCalendar, text, uri } from '../../../src-main/server/ical';
import { wikiDto } from '../../fixtures/dto';

const NOW = Date.UTC(2024, 0, 8);

function show(id: number, title: string, fields: Partial<AnimeWikiDto> = {}): AnimeWikiDto {
  return {
    ...wikiDto({ wiki_id: id, wiki_title: title }),
    wiki_broadcast: { weekdays: [1], time: '25:30', period_days: 7, date_begin: Date.UTC(2024, 0, 7, 15) / 1000, date_end: 0, time_zone: 'Asia/Tokyo' },
    wiki_sites: [],
    wiki_bangumi: null,
    ...fields,
  };
}

const INJECTION = 'UID:injected@evil\r\nURL:https://phish.example/\r\nBEGIN:VEVENT\r\nUID:evil@evil\r\nSUMMARY:Free prize\r\nEND:VEVENT';
const HOSTILE_TITLES = [
  `Show\r\nEND:VEVENT\r\n${INJECTION}\r\nBEGIN:VEVENT`,
  `Show\nEND:VEVENT\n${INJECTION.replace(/\r\n/g, '\n')}\nBEGIN:VEVENT`,
  `Show\rEND:VEVENT\r${INJECTION.replace(/\r\n/g, '\r')}\rBEGIN:VEVENT`,
  'a;b,c\\d\\ne\\;f',
  '東方'.repeat(100) + '\r\nUID:long@evil',
  'x'.repeat(200),
  'é'.repeat(199) + ';',
  'bell\u0007 escape\u001b]0;title\u0007 clear\u001b[2J del\u007f c1\u009b tab\there',
  'lone \ud800 surrogate',
];

/** The content lines after unfolding, having checked each folded line is at most 75 octets. */
function contentLines(ics: string): string[] {
  expect(ics.endsWith('END:VCALENDAR') || ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const folded = ics.replace(/\r\n$/, '').split('\r\n');
  for (const line of folded) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  return ics
    .replace(/\r\n[ \t]/g, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
}

/** RFC 5545 §3.3.11 read back, for the properties ical.js leaves as written (NAME, X-WR-CALNAME). */
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** What each text should read back as: line breaks as LF, no other controls. */
const expected = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

describe('showsCalendar', () => {
  it('writes exactly one event per show, whatever the titles hold', () => {
    const shows = HOSTILE_TITLES.map((title, i) => show(1000 + i, title));
    const ics = showsCalendar(shows, { name: HOSTILE_TITLES[0], now: NOW });
    const lines = contentLines(ics);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(shows.length);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(shows.length);
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(shows.map((s) => `UID:anime-${s.wiki_id}@moecat`));
    expect(lines.filter((l) => /^URL[;:]/.test(l))).toHaveLength(shows.length);
    expect(lines.filter((l) => l.startsWith('SUMMARY:'))).toHaveLength(shows.length);
    // The hostile words are only ever inside a text value.
    expect(lines.filter((l) => /evil|phish|prize/i.test(l)).every((l) => /^(SUMMARY|NAME|X-WR-CALNAME):/.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith('NAME:'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('X-WR-CALNAME:'))).toHaveLength(1);

    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(unescapeText(String(calendar.getFirstPropertyValue('name')))).toBe(expected(HOSTILE_TITLES[0]));
    expect(unescapeText(String(calendar.getFirstPropertyValue('x-wr-calname')))).toBe(expected(HOSTILE_TITLES[0]));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual(shows.map((s) => `anime-${s.wiki_id}@moecat`));
    expect(events.map((e) => e.summary)).toEqual(HOSTILE_TITLES.map(expected));
    expect(events.map((e) => e.component.getFirstPropertyValue('url'))).toEqual(shows.map((s) => s.wiki_url));
  });

  it('names the calendar after a show with ; , \\ and long lines intact', () => {
    for (const name of HOSTILE_TITLES) {
      const ics = showsCalendar([show(7, 'x')], { name, now: NOW });
      const lines = contentLines(ics);
      expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(['UID:anime-7@moecat']);
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(unescapeText(String(calendar.getFirstPropertyValue('name'))), name).toBe(expected(name));
    }
  });

  it('cleans site names and addresses in the description, and keeps only http(s) event addresses whole', () => {
    const hostile = show(9, 'x', {
      wiki_url: 'https://example.org/a,b;c\\d?e=f,g',
      wiki_sites: [
        { site: 'evil', name: 'Site\r\nURL:https://phish.example/', kind: 'onair', url: 'https://evil.example/\r\nUID:x@evil', begin: 0, regions: [] },
      ],
    });
    const ics = showsCalendar([hostile, show(10, 'y', { wiki_url: 'javascript:alert(1)' })], { name: 'n', now: NOW });
    const lines = contentLines(ics);
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(['UID:anime-9@moecat', 'UID:anime-10@moecat']);
    expect(lines.filter((l) => /^URL[;:]/.test(l))).toEqual(['URL;VALUE=URI:https://example.org/a%2Cb%3Bc/d?e=f%2Cg']);
    const [event] = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event.description).toContain('Site\nURL:https://phish.example/ https://evil.example/\nUID:x@evil');
  });
});

describe('showsCalendar with Bangumi episodes', () => {
  const episode = (sort: number, airdate: string, name = ''): EpisodeDto => ({ sort, ep: sort, airdate, date: 0, name, name_cn: '' });

  it('writes a known episode as its occurrence, its name cleaned like any text', () => {
    // The show's broadcasts are Mondays 25:30 from 8 January 2024: Tuesdays 01:30 by the calendar.
    const withEpisodes = show(11, 'Night', {
      wiki_bangumi: { summary: '', episode_count: 2, fetched_at: 0, episodes: [episode(1, '2024-01-09', 'One\r\nUID:x@evil'), episode(2, '2024-01-16')] },
    });
    const lines = contentLines(showsCalendar([withEpisodes], { name: 'n', now: NOW }));
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(Array(3).fill('UID:anime-11@moecat'));
    expect(lines.filter((l) => l.startsWith('SUMMARY:'))).toEqual(['SUMMARY:Night', 'SUMMARY:Night — Ep 1', 'SUMMARY:Night — Ep 2']);
    expect(lines.filter((l) => l.startsWith('RECURRENCE-ID'))).toEqual([
      'RECURRENCE-ID;TZID=Asia/Tokyo:20240109T013000',
      'RECURRENCE-ID;TZID=Asia/Tokyo:20240116T013000',
    ]);
    expect(lines.filter((l) => l.startsWith('DESCRIPTION:'))[1]).toMatch(/^DESCRIPTION:One\\nUID:x@evil\\n/);
  });

  it('names the episodes of a long run only around now', () => {
    // A weekly show since 1990 with an episode every week: only the broadcasts of the last 90 days and the next 366.
    const since = localMidnight(1990, 1, 1, 'Asia/Tokyo');
    const weekly = { weekdays: [1], time: '18:30', period_days: 7, date_begin: since, date_end: 0, time_zone: 'Asia/Tokyo' };
    const episodes = Array.from({ length: 2000 }, (_, i) => episode(i + 1, new Date((since + 9 * 3600 + i * 7 * 86_400) * 1000).toISOString().slice(0, 10)));
    const lines = contentLines(
      showsCalendar([show(12, 'Long', { wiki_broadcast: weekly, wiki_bangumi: { summary: '', episode_count: 0, fetched_at: 0, episodes } })], {
        name: 'n',
        now: NOW,
      }),
    );
    const occurrences = lines.filter((l) => l.startsWith('RECURRENCE-ID'));
    expect(occurrences.length).toBeGreaterThan(0);
    expect(occurrences.length).toBeLessThanOrEqual(Math.ceil((EPISODES_BACK_DAYS + EPISODES_AHEAD_DAYS) / 7));
  });
});

describe('the text helpers', () => {
  it('text: line breaks as LF, no controls but tab', () => {
    expect(text('a\r\nb\rc\nd\u0000e\u001bf\u0085g\th')).toBe('a\nb\nc\nde' + 'fg\th');
  });
  it('escapedText: backslash, semicolon, comma and newline escaped', () => {
    expect(escapedText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
  it('uri: http(s) only, nothing an iCalendar line could be split by', () => {
    expect(uri('https://a.example/x\r\ny')).toBe('https://a.example/xy');
    expect(uri('http://a.example/ b')).toBe('http://a.example/%20b');
    expect(uri('data:text/html,x')).toBeUndefined();
    expect(uri('not a url')).toBeUndefined();
  });
});
