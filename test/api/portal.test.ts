import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import type { WikiDto } from '../../src-main/contract/objects';
import { portalTarget } from '../../src-main/server/operations/catalogue';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

const SITE = 'http://127.0.0.1:7777';

// The demo albums each rule needs, by meaning (demo-content.ts describes them).
const album = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n };
};
const withAudio = album('sakura-letters');
const withAudioAndBgm = album('inori-starlight-serenade');
const noAudio = album('yumemiru-kikai');
const blueHorizonOst = album('blue-horizon-ost');
const radio = album('radio-moecat-houkago');

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp();
});
afterAll(() => ctx.close());

const portal = (query: Record<string, string>, format?: Format) => call(ctx.app, '/search/direct', 'none', format ? { ...query, api: format } : query);

interface Case {
  name: string;
  query: Record<string, string>;
  target: { has_wiki: boolean; has_mp3: boolean; url: string };
}

const CASES: Case[] = [
  {
    name: 'rule 1: one album with audio and listen=1 → the player',
    query: { title: withAudio.title, listen: '1' },
    target: { has_wiki: true, has_mp3: true, url: `${SITE}/listen?music=${withAudio.id}` },
  },
  {
    name: 'rule 1 by bgm_id',
    query: { bgm_id: String(withAudioAndBgm.bgmId), listen: '1' },
    target: { has_wiki: true, has_mp3: true, url: `${SITE}/listen?music=${withAudioAndBgm.id}` },
  },
  {
    name: 'rule 2: one album with audio → its fm page',
    query: { title: withAudio.title },
    target: { has_wiki: true, has_mp3: true, url: `${SITE}/music/${withAudio.id}` },
  },
  {
    name: 'rule 2 with listen=0',
    query: { title: withAudioAndBgm.title, listen: '0' },
    target: { has_wiki: true, has_mp3: true, url: `${SITE}/music/${withAudioAndBgm.id}` },
  },
  {
    name: 'rule 3: one album without audio → its page',
    query: { title: noAudio.title },
    target: { has_wiki: true, has_mp3: false, url: `${SITE}/music/${noAudio.id}` },
  },
  {
    name: 'rule 3 even with listen=1, by bgm_id',
    query: { bgm_id: String(noAudio.bgmId), listen: '1' },
    target: { has_wiki: true, has_mp3: false, url: `${SITE}/music/${noAudio.id}` },
  },
  {
    name: 'rule 4: two albums share the title → a search, neither has_wiki nor has_mp3',
    query: { title: 'Blue Horizon' },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Blue%20Horizon` },
  },
  {
    name: 'rule 4 even with listen=1',
    query: { title: 'Blue Horizon', listen: '1' },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Blue%20Horizon` },
  },
  {
    name: 'rule 5: an unknown title → a search for it',
    query: { title: 'No Such Album' },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=No%20Such%20Album` },
  },
  {
    name: 'rule 5: titles match exactly (case differs)',
    query: { title: 'blue horizon' },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=blue%20horizon` },
  },
  {
    name: 'rule 5: titles match exactly (a trailing space is not trimmed)',
    query: { title: `${withAudio.title} ` },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Sakura%20Letters%20` },
  },
  { name: 'no title and no bgm_id → the site itself', query: {}, target: { has_wiki: false, has_mp3: false, url: `${SITE}/` } },
  { name: 'an empty title is no locating parameter', query: { title: '', listen: '1' }, target: { has_wiki: false, has_mp3: false, url: `${SITE}/` } },
  {
    name: 'rule 5: a radio is not an album',
    query: { title: radio.title },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=${encodeURIComponent(radio.title)}` },
  },
  {
    name: 'rule 5: an anime is not an album',
    query: { title: FIXTURE_ANIME.mondayEvening.title },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Monday%20Evening%20Show` },
  },
  {
    name: 'rule 6: an unknown bgm_id alone → an empty search',
    query: { bgm_id: '999999' },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=` },
  },
  {
    name: "rule 6: an anime's bgm_id names no album",
    query: { bgm_id: FIXTURE_ANIME.mondayEvening.sites[0].id! },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=` },
  },
  {
    name: 'bgm_id wins over another album’s title',
    query: { title: withAudio.title, bgm_id: String(blueHorizonOst.bgmId) },
    target: { has_wiki: true, has_mp3: true, url: `${SITE}/music/${blueHorizonOst.id}` },
  },
  {
    name: 'bgm_id picks one of two same-titled albums',
    query: { title: 'Blue Horizon', bgm_id: String(blueHorizonOst.bgmId) },
    target: { has_wiki: true, has_mp3: true, url: `${SITE}/music/${blueHorizonOst.id}` },
  },
  {
    name: 'bgm_id naming nothing wins over a matching title → a search for the title',
    query: { title: withAudio.title, bgm_id: '999999' },
    target: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Sakura%20Letters` },
  },
];

describe('GET /search/direct', () => {
  it('relies on demo albums that still mean what the cases say', () => {
    expect([withAudio.audio, withAudioAndBgm.audio, noAudio.audio, blueHorizonOst.audio]).toEqual([true, true, false, true]);
    expect(DEMO_SPEC.filter((a) => a.title === 'Blue Horizon' && a.type === 'music')).toHaveLength(2);
    expect(radio.type).toBe('radio');
  });

  describe.each(CASES)('$name', ({ query, target }) => {
    it('redirects there with 302 without api', async () => {
      const { status, headers } = await portal(query);
      expect(status).toBe(302);
      expect(headers.location).toBe(target.url);
    });

    it.each(FORMATS)('answers where it would lead with api=%s', async (format) => {
      const { status, contentType, body } = await portal(query, format);
      expect(status).toBe(200);
      expect(contentType).toContain(`application/${format}`);
      const { information, ...payload } = body.response;
      expect(payload).toEqual(target);
      expect(information).toMatchObject({ has_error: false, error: 0, msg: [] });
    });
  });

  it.each(FORMATS)('echoes the request as sent, without a format suffix (%s)', async (format) => {
    const { body } = await portal({ title: withAudio.title }, format);
    expect(body.response.information.request).toBe(`/search/direct?title=Sakura+Letters&api=${format}`);
    expect(body.response.information.parameters).toEqual({ title: withAudio.title, api: format });
  });

  it.each(FORMATS)('needs no api key (%s)', async (format) => {
    expect((await portal({ title: withAudio.title }, format)).status).toBe(200);
    expect((await portal({ title: withAudio.title })).status).toBe(302);
  });

  it.each(FORMATS)('puts has_wiki, has_mp3 and url first, then information (%s)', async (format) => {
    const { body } = await portal({ title: withAudio.title }, format);
    expect(Object.keys(body.response)).toEqual(['has_wiki', 'has_mp3', 'url', 'information']);
  });

  it.each(FORMATS)('answers 400 in %s naming bgm_id when it is not a whole number ≥ 1', async (format) => {
    for (const bgmId of ['abc', '0', '-3', '1.5']) {
      const { status, contentType, body } = await portal({ title: withAudio.title, bgm_id: bgmId }, format);
      expect(status, bgmId).toBe(400);
      expect(contentType).toContain(`application/${format}`);
      expect(body.response.information.msg.join(' ')).toContain('"bgm_id"');
    }
  });

  it.each(FORMATS)('answers 400 in %s naming listen when it is not 0 or 1', async (format) => {
    const { status, body } = await portal({ title: withAudio.title, listen: 'yes' }, format);
    expect(status).toBe(400);
    expect(body.response.information.msg.join(' ')).toContain('"listen"');
  });

  it.each(['html', 'jsonp', '1'])('answers 400 naming api for api=%s instead of redirecting', async (api) => {
    const { status, contentType, headers, body } = await portal({ title: withAudio.title, api });
    expect(status).toBe(400);
    expect(contentType).toContain('application/json');
    expect(headers.location).toBeUndefined();
    expect(body.response.information.msg.join(' ')).toContain('"api"');
  });
});

// Cases the demo section cannot show (its two same-titled albums both have audio, no two share a bgm id).
describe('portalTarget()', () => {
  const match = (id: number, title: string, hasAudio: boolean) => ({
    wiki: { wiki_id: id, wiki_title: title, wiki_url: `${SITE}/music/${id}`, wiki_fm_url: `${SITE}/music/${id}` } as WikiDto,
    hasAudio,
  });

  it('rule 4: has_wiki and has_mp3 are false even when one of the matching albums has audio', () => {
    const target = portalTarget([match(1, 'Twin', false), match(2, 'Twin', true)], { title: 'Twin', listen: true }, SITE);
    expect(target).toEqual({ has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Twin` });
  });

  it('rule 4 by bgm_id alone searches for the first album’s title', () => {
    const target = portalTarget([match(1, '星の歌', true), match(2, 'Star Song', true)], { bgmId: 5, listen: false }, SITE);
    expect(target.url).toBe(`${SITE}/search?q=${encodeURIComponent('星の歌')}`);
  });
});
