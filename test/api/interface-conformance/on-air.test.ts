// The Moefou interface's on-air schedule, its on-air entry's values and its states (only airing
// entries are returned): the week parameter, one onair_<n> collection and onair_<n>_count per requested weekday, count as
// their sum, only airing entries; in XML each entry a repeated onair_<n> element directly under
// response with text in CDATA. What the interface leaves open (week omitted) follows docs/api.md.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ANIME } from '../../fixtures/bangumi-fixture';
import { FORMATS, keyClient } from './client';

let api: Awaited<ReturnType<typeof keyClient>>;
beforeAll(async () => {
  api = await keyClient();
});
afterAll(() => api.close());

const ALL = [1, 2, 3, 4, 5, 6, 7];
const dayKeys = (response: Record<string, unknown>) => Object.keys(response).filter((k) => /^onair_\d$/.test(k));
/** Midnight in Tokyo, the catalogue time zone (docs/architecture.md, Decisions): day precision. */
const isTokyoMidnight = (seconds: number) => (seconds + 9 * 3600) % 86_400 === 0;

describe.each(FORMATS)('GET /on-air.%s', (format) => {
  it.each([
    ['two weekdays', '1,6', [1, 6]],
    ['three weekdays', '2,4,7', [2, 4, 7]],
    ['one weekday', '3', [3]],
    ['0, all', '0', ALL],
  ])('week = %s: a collection and a count for each requested weekday, and only those', async (_what, week, days) => {
    const r = (await api.get(format, '/on-air', { week })).body.response;
    expect(dayKeys(r)).toEqual(days.map((d) => `onair_${d}`));
    expect(Object.keys(r.information).filter((k) => /^onair_\d_count$/.test(k))).toEqual(days.map((d) => `onair_${d}_count`));
    for (const d of days) expect(r.information[`onair_${d}_count`]).toBe(r[`onair_${d}`].length);
    expect(r.information.count).toBe(days.reduce((sum, d) => sum + r.information[`onair_${d}_count`], 0));
    expect(r.information.parameters).toEqual({ week });
  });

  it('week omitted: all seven days (Moecat’s decision)', async () => {
    const r = (await api.get(format, '/on-air')).body.response;
    expect(dayKeys(r)).toEqual(ALL.map((d) => `onair_${d}`));
  });

  it('gives each entry the values its fields mean', async () => {
    const r = (await api.get(format, '/on-air')).body.response;
    const entries = ALL.flatMap((d) => r[`onair_${d}`].map((e: Record<string, unknown>) => ({ d, e })));
    expect(entries.length).toBeGreaterThan(0);
    for (const { d, e } of entries) {
      const obj = e.obj as { wiki_id: number; wiki_type: string };
      expect(e.oa_week, 'the weekday it is listed under').toBe(d);
      expect(e.oa_obj_id, 'the entry id').toBe(obj.wiki_id);
      expect(e.oa_obj_type, 'the entry type').toBe(obj.wiki_type);
      expect(e.oa_active, 'only airing entries are returned').toBe(1);
      expect(isTokyoMidnight(e.oa_date_begin as number), 'first-broadcast date, day precision').toBe(true);
      expect(e.oa_date_end === 0 || isTokyoMidnight(e.oa_date_end as number), 'end date: 0 or a day').toBe(true);
    }
    expect(new Set(entries.map(({ e }) => e.oa_id)).size, 'schedule entry ids are distinct').toBe(entries.length);
  });
});

describe('GET /on-air.xml: the XML shape', () => {
  it('repeats each on-air entry as an onair_<n> element directly under response, text in CDATA, an empty msg NULL', async () => {
    const { raw } = await api.get('xml', '/on-air', { week: '1,6' });
    const ordered = new XMLParser({ preserveOrder: true, cdataPropName: '#cdata' }).parse(raw) as Record<string, unknown>[];
    const response = ordered.find((node) => 'response' in node)!.response as Record<string, unknown>[];
    const names = response.map((node) => Object.keys(node)[0]);
    expect(names[0]).toBe('information');
    const json = (await api.get('json', '/on-air', { week: '1,6' })).body.response;
    expect(names.filter((n) => n === 'onair_1')).toHaveLength(json.onair_1.length);
    expect(names.filter((n) => n === 'onair_6')).toHaveLength(json.onair_6.length);
    expect(json.onair_1.length).toBeGreaterThan(1);
    expect(raw).toContain('<msg>NULL</msg>');
    expect(raw).toMatch(/<oa_obj_type><!\[CDATA\[tv\]\]><\/oa_obj_type>/);
    expect(raw).toMatch(/<wiki_title><!\[CDATA\[[^\]]+\]\]><\/wiki_title>/);
  });
});

describe('States and transitions', () => {
  it('returns airing entries only: a finished work is never listed', async () => {
    const days = (await api.get('json', '/on-air')).body.response;
    const listed = ALL.flatMap((d) => days[`onair_${d}`].map((e: { obj: { wiki_title: string } }) => e.obj.wiki_title));
    expect(listed).not.toContain(FIXTURE_ANIME.ended.title);
    expect(listed).toContain(FIXTURE_ANIME.daily.title);
  });
});
