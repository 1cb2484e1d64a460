// The Moefou interface's response envelope, limits and errors, and its rule that the path's extension
// chooses the format (docs/api.md), for every query operation in JSON and in XML.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, keyClient, QUERY_OPERATIONS, type Query } from './client';
import { check, checkObject, checkOrder, INFORMATION, PAGED_INFORMATION } from './interface';

let api: Awaited<ReturnType<typeof keyClient>>;
beforeAll(async () => {
  api = await keyClient();
});
afterAll(() => api.close());

/** A request each operation answers with results, and the key of its result collection. */
const OPERATIONS: { name: string; path: string; query: Query; list: string; paged: boolean }[] = [
  { name: 'on-air', path: QUERY_OPERATIONS.onAir, query: { week: '1,6' }, list: 'onair_1', paged: false },
  { name: 'sub-entry search', path: QUERY_OPERATIONS.subSearch, query: { keyword: 'Sakura' }, list: 'subs', paged: true },
  { name: 'entry list', path: QUERY_OPERATIONS.entryList, query: { wiki_type: 'music' }, list: 'wikis', paged: true },
  { name: 'entry search', path: QUERY_OPERATIONS.entrySearch, query: { keyword: 'e' }, list: 'wikis', paged: true },
];
const PAGED = OPERATIONS.filter((op) => op.paged);

describe.each(FORMATS)('Response envelope in %s', (format) => {
  it.each(OPERATIONS)('$name: response holds information and the result collection', async ({ path, query, list, paged }) => {
    const { status, body } = await api.get(format, path, query);
    expect(status).toBe(200);
    expect(Object.keys(body.response)).toContain('information');
    expect(Array.isArray(body.response[list])).toBe(true);
    const information = body.response.information;
    expect(checkObject(information, paged ? PAGED_INFORMATION : INFORMATION, 'information')).toEqual([]);
    expect(checkOrder(information, paged ? PAGED_INFORMATION : INFORMATION, 'information')).toEqual([]);
  });

  it.each(OPERATIONS)('$name: parameters echoes the request parameters, values as strings', async ({ path, query }) => {
    const sent = { ...query, perpage: '5', unknown_one: '7' };
    const information = (await api.get(format, path, sent)).body.response.information;
    expect(information.parameters).toEqual(sent);
    expect(Object.values(information.parameters).every((v) => typeof v === 'string')).toBe(true);
  });

  it.each(OPERATIONS)('$name: msg is an empty array and has_error false on success', async ({ path, query }) => {
    const { raw, body } = await api.get(format, path, query);
    expect(body.response.information.msg).toEqual([]);
    expect(body.response.information.has_error).toBe(false);
    // "in XML the element text is NULL"
    if (format === 'xml') expect(raw).toContain('<msg>NULL</msg>');
  });

  it.each(OPERATIONS)('$name: request is the path and query string, URL-encoded', async ({ path, query }) => {
    const sent = { ...query, keyword: query.keyword ? `${query.keyword} 東方` : undefined };
    const clean = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Query;
    const information = (await api.get(format, path, clean)).body.response.information;
    expect(information.request).toBe(`${path}.${format}?${new URLSearchParams(clean)}`);
    expect(information.request).not.toMatch(/[^\x21-\x7e]/); // nothing but URL characters
  });

  it.each(PAGED)('$name: count is the total number of results, across the pages', async ({ path, query, list }) => {
    const first = (await api.get(format, path, { ...query, perpage: '2' })).body.response;
    const count = first.information.count;
    expect(count).toBeGreaterThan(2);
    let seen = 0;
    for (let page = 1; page <= Math.ceil(count / 2); page++)
      seen += (await api.get(format, path, { ...query, perpage: '2', page: String(page) })).body.response[list].length;
    expect(seen).toBe(count);
  });

  it('on-air: count is the number of schedule entries returned, the sum of onair_<n>_count', async () => {
    const r = (await api.get(format, QUERY_OPERATIONS.onAir, { week: '1,3,6' })).body.response;
    const counts = [1, 3, 6].map((d) => r.information[`onair_${d}_count`]);
    expect(counts.map((n, i) => n === r[`onair_${[1, 3, 6][i]}`].length)).toEqual([true, true, true]);
    expect(r.information.count).toBe(counts.reduce((a: number, b: number) => a + b, 0));
    expect(check(r.information.onair_1_count, 'int', 'onair_1_count')).toEqual([]);
  });
});

describe('Limits: perpage 1 to 50 inclusive, default 20; page default 1', () => {
  describe.each(FORMATS)('%s', (format) => {
    it.each(PAGED)('$name: page 1 of 20 when neither is given', async ({ path, list }) => {
      const wide: Query = path === QUERY_OPERATIONS.entryList ? { wiki_type: 'music,radio,anime' } : { keyword: 'a' };
      const r = (await api.get(format, path, wide)).body.response;
      expect(r.information.page).toBe(1);
      expect(r.information.perpage).toBe(20);
      expect(r[list]).toHaveLength(Math.min(20, r.information.count));
      // The fixture catalogue has more than 20 sub-entries with an "a": the default truly stops at 20.
      if (path === QUERY_OPERATIONS.subSearch) expect(r.information.count).toBeGreaterThan(20);
    });

    it.each(PAGED)('$name: perpage 1 and 50, the ends of the range, are taken as given', async ({ path, query, list }) => {
      for (const perpage of [1, 50]) {
        const r = (await api.get(format, path, { ...query, perpage: String(perpage) })).body.response;
        expect(r.information.perpage).toBe(perpage);
        expect(r[list].length).toBe(Math.min(perpage, r.information.count));
      }
    });

    // Behaviour outside the range is "not shown"; Moecat decides (docs/api.md): above 50 clamped, below 1 a 400.
    it.each(PAGED)('$name: perpage 51 answers 50 a page; 0 is refused', async ({ path, query }) => {
      expect((await api.get(format, path, { ...query, perpage: '51' })).body.response.information.perpage).toBe(50);
      const refused = await api.get(format, path, { ...query, perpage: '0' });
      expect(refused.status).toBe(400);
      expect(refused.body.response.information.has_error).toBe(true);
    });
  });
});

describe('What the service does, 6: the path extension chooses the format', () => {
  it.each(OPERATIONS)('$name: .json answers JSON and .xml answers XML with the same content', async ({ path, query }) => {
    const json = await api.get('json', path, query);
    const xml = await api.get('xml', path, query);
    expect(json.contentType).toMatch(/^application\/json/);
    expect(xml.contentType).toMatch(/^application\/xml/);
    expect(() => JSON.parse(json.raw)).not.toThrow();
    expect(new XMLParser().parse(xml.raw)).toHaveProperty('response');
    const { request: _j, ...jsonInformation } = json.body.response.information;
    const { request: _x, ...xmlInformation } = xml.body.response.information;
    expect(xmlInformation).toEqual(jsonInformation);
    expect({ ...xml.body.response, information: null }).toEqual({ ...json.body.response, information: null });
  });
});

describe('Errors: every query answer carries has_error and msg, in the requested format', () => {
  it.each(FORMATS)('%s: a refused request says why in msg, with has_error true', async (format) => {
    for (const { path } of OPERATIONS) {
      const { status, contentType, body } = await api.get(format, path, { page: 'x', week: 'x', wiki_type: 'music' });
      expect(status, path).toBe(400);
      expect(contentType).toContain(format);
      expect(body.response.information.has_error).toBe(true);
      expect(body.response.information.msg.length).toBeGreaterThan(0);
      expect(check(body.response.information.msg, { array: 'string' }, 'msg')).toEqual([]);
    }
  });
});
