import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

interface Tag {
  tag_name: string;
  tag_count: number;
}

const tagsCall = (format: Format | 'none', query: Record<string, string>) => call(ctx.app, '/app/tags', format, { api_key: key, ...query });
// XML repeats <tags> once per tag, so a single tag decodes as an object; make it a list either way.
const listOf = (response: any): Tag[] => (response.tags === null ? [] : [response.tags].flat());

/** A tag that is only a year: /app/tags leaves those out. */
const YEAR = /^[12]\d{3}$/;

/** The counts a client would get by listing every entry of those types through /wikis (year tags aside). */
async function countedThroughWikis(wikiType: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let page = 1; ; page++) {
    const { body } = await call(ctx.app, '/wikis', 'json', { api_key: key, wiki_type: wikiType, perpage: '50', page: String(page) });
    const wikis: { wiki_tags: string[] }[] = body.response.wikis;
    for (const w of wikis) for (const t of w.wiki_tags) if (!YEAR.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
    if (wikis.length < 50) return counts;
  }
}

describe.each(FORMATS)('GET /app/tags.%s', (format) => {
  it('lists the demo albums’ tags, most used first, then by name', async () => {
    const { status, contentType, body } = await tagsCall(format, { wiki_type: 'music' });
    expect(status).toBe(200);
    expect(contentType).toContain(format === 'xml' ? 'application/xml' : 'application/json');
    const tags = listOf(body.response);
    // Vocal, Instrumental and OST are on three albums each; Album and Piano on two; the rest on one.
    expect(tags.slice(0, 5)).toEqual([
      { tag_name: 'Instrumental', tag_count: 3 },
      { tag_name: 'OST', tag_count: 3 },
      { tag_name: 'Vocal', tag_count: 3 },
      { tag_name: 'Album', tag_count: 2 },
      { tag_name: 'Piano', tag_count: 2 },
    ]);
    expect(tags.slice(5).every((t) => t.tag_count === 1)).toBe(true);
    expect(body.response.information).toMatchObject({ has_error: false, error: 0, msg: [], count: tags.length });
    expect(body.response.information.parameters).toEqual({ wiki_type: 'music' });
  });

  it('counts what the entry list holds, for several types and the anime alias', async () => {
    for (const wikiType of ['music,radio', 'anime']) {
      const tags = listOf((await tagsCall(format, { wiki_type: wikiType, limit: '100' })).body.response);
      const expected = await countedThroughWikis(wikiType);
      if (wikiType !== 'anime') expect(tags.length).toBeGreaterThan(0);
      expect(new Map(tags.map((t) => [t.tag_name, t.tag_count]))).toEqual(expected);
    }
    // The radio programme's tags count only when radio is asked for.
    const music = listOf((await tagsCall(format, { wiki_type: 'music' })).body.response);
    expect(music.map((t) => t.tag_name)).not.toContain('Talk');
    const both = listOf((await tagsCall(format, { wiki_type: 'music,radio' })).body.response);
    expect(both.find((t) => t.tag_name === 'Vocal')?.tag_count).toBe(4);
  });

  it("leaves out tags that are only a year (the date filter's job), though entries carry them", async () => {
    // The anime here are tagged only with their years (as bangumi-data tags them): no chips at all.
    const tags = listOf((await tagsCall(format, { wiki_type: 'anime', limit: '100' })).body.response);
    expect(tags).toEqual([]);
    const { body } = await call(ctx.app, '/wikis', 'json', { api_key: key, wiki_type: 'anime', perpage: '50' });
    expect(body.response.wikis.some((w: { wiki_tags: string[] }) => w.wiki_tags.some((t) => YEAR.test(t)))).toBe(true);
  });

  it('counts only the entries of the sources asked for', async () => {
    const known = ctx.app.deps.catalogue.queries.sources.list();
    const demo = known.find((s) => s.name === 'demo')!;
    const all = listOf((await tagsCall(format, { wiki_type: 'music' })).body.response);
    expect(listOf((await tagsCall(format, { wiki_type: 'music', source: 'bundled' })).body.response)).toEqual(all);
    expect(listOf((await tagsCall(format, { wiki_type: 'music', source: String(demo.source_id) })).body.response)).toEqual(all);
    // No folder imported here: no tags, not the bundled ones.
    const folder = await tagsCall(format, { wiki_type: 'music', source: 'folder' });
    expect(folder.status).toBe(200);
    expect(listOf(folder.body.response)).toEqual([]);
    const other = known.find((s) => s.name !== 'demo')!;
    expect(listOf((await tagsCall(format, { wiki_type: 'music', source: String(other.source_id) })).body.response)).toEqual([]);
    expect((await tagsCall(format, { wiki_type: 'music', source: 'elsewhere' })).status).toBe(400);
  });

  it('keeps to limit, and clamps a large one', async () => {
    const two = await tagsCall(format, { wiki_type: 'music', limit: '2' });
    expect(listOf(two.body.response).map((t) => t.tag_name)).toEqual(['Instrumental', 'OST']);
    expect(two.body.response.information.count).toBe(2);
    const many = await tagsCall(format, { wiki_type: 'music', limit: '5000' });
    expect(many.status).toBe(200);
  });

  it('answers an empty list for a type without entries', async () => {
    const { status, body } = await tagsCall(format, { wiki_type: 'oad' });
    expect(status).toBe(200);
    expect(listOf(body.response)).toEqual([]);
    expect(body.response.information).toMatchObject({ has_error: false, count: 0 });
  });

  it.each([
    ['no wiki_type', {}, 'wiki_type'],
    ['an unknown wiki_type', { wiki_type: 'opera' }, 'wiki_type'],
    ['a limit of 0', { wiki_type: 'music', limit: '0' }, 'limit'],
    ['a limit that is not a number', { wiki_type: 'music', limit: 'ten' }, 'limit'],
  ])('answers 400 naming the parameter for %s', async (_what, query, name) => {
    const { status, contentType, body } = await tagsCall(format, query);
    expect(status).toBe(400);
    expect(contentType).toContain(format === 'xml' ? 'application/xml' : 'application/json');
    expect(body.response.information).toMatchObject({ has_error: true, error: 400 });
    expect(body.response.information.msg.join(' ')).toContain(`"${name}"`);
  });

  it('answers 401 without an API key or with an unknown one', async () => {
    for (const query of [{ wiki_type: 'music' }, { wiki_type: 'music', api_key: 'f'.repeat(41) }] as Record<string, string>[]) {
      const { status, contentType, body } = await call(ctx.app, '/app/tags', format, query);
      expect(status).toBe(401);
      expect(contentType).toContain(format === 'xml' ? 'application/xml' : 'application/json');
      expect(body.response.information).toMatchObject({ has_error: true, error: 401 });
    }
  });
});

describe('GET /app/tags', () => {
  it('answers JSON without a suffix, the same tags as .json', async () => {
    const [plain, json] = await Promise.all([tagsCall('none', { wiki_type: 'anime' }), tagsCall('json', { wiki_type: 'anime' })]);
    expect(plain.contentType).toContain('application/json');
    expect(plain.body.response.tags).toEqual(json.body.response.tags);
  });

  it('carries the same tags in JSON and XML', async () => {
    const [json, xml] = await Promise.all(FORMATS.map((f) => tagsCall(f, { wiki_type: 'music,radio' })));
    expect(listOf(xml.body.response)).toEqual(json.body.response.tags);
  });
});
