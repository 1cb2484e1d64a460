// The contract's JSON Schemas mirror the objects the server really builds: the same property names,
// and every real object (from the fixture catalogue, through the mappers) passes a real validator.
import Ajv from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { WIKI_TYPES } from '../../../src-main/catalogue/write/source-entry';
import { SUB_COLUMNS, toSub, toUpload, UPLOAD_COLUMNS, type SubRow, type UploadRow } from '../../../src-main/catalogue/read/mappers';
import type { EpisodeDto, FavDto } from '../../../src-main/contract/objects';
import { CONTRACT_SCHEMAS } from '../../../src-main/contract/schemas';
import { toUserDto } from '../../../src-main/catalogue/user/user-db';
import { portalTarget } from '../../../src-main/server/operations/catalogue';
import { fixtureApp } from '../../fixtures/app';
import { sqlOf } from '../../../src-main/catalogue/read/catalogue-sql';
import { FIXTURE_ANIME, FIXTURE_NOW } from '../../fixtures/bangumi-fixture';
import { DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';

const SITE = 'http://127.0.0.1:7777';
const ctx = await fixtureApp();
afterAll(() => ctx.close());
const { queries } = ctx.catalogue;
const db = sqlOf(ctx.catalogue);

const wikis = queries.wikis.list({ types: [...WIKI_TYPES] }, 50, 0, SITE).wikis;
const songRow = db
  .prepare(
    `SELECT ${SUB_COLUMNS} FROM sub s WHERE s.sub_type = 'song'
  AND EXISTS (SELECT 1 FROM upload u WHERE u.up_obj_id = s.sub_id) ORDER BY s.sub_id LIMIT 1`,
  )
  .get() as SubRow;
const episodeRow = db.prepare(`SELECT ${SUB_COLUMNS} FROM sub s WHERE s.sub_type = 'ep' ORDER BY s.sub_id LIMIT 1`).get() as SubRow;
const uploadRows = db.prepare(`SELECT ${UPLOAD_COLUMNS} FROM upload u WHERE u.up_obj_id = ?`).all(songRow.sub_id) as UploadRow[];
// As search/sub answers: a song with its files and its entry; an episode carries neither.
const album = queries.wikis.findById(songRow.sub_parent_wiki, SITE)!;
const song = toSub(songRow, SITE, uploadRows, album);
const episode = toSub(episodeRow, SITE, [], queries.wikis.findById(episodeRow.sub_parent_wiki, SITE)!);
const upload = toUpload(uploadRows[0], SITE, album);
// A file tagged with ReplayGain (a folder import's), one tag missing.
const gained = toUpload({ ...uploadRows[0], up_track_gain: -7.25, up_track_peak: 0.988, up_album_gain: -6.5, up_album_peak: null }, SITE, album);
const onAir = [...queries.onAir.days([1, 2, 3, 4, 5, 6, 7], Math.floor(FIXTURE_NOW / 1000), SITE).values()].flat();
const portal = portalTarget(queries.portal.albumsByTitle('Sakura Letters', SITE), { title: 'Sakura Letters', listen: false }, SITE);
// Favourites have no writer yet; this literal is held to FavDto by the type checker.
const fav: FavDto = { fav_id: 1, fav_obj_id: wikis[0].wiki_id, fav_obj_type: 'wiki', fav_uid: 1, fav_date: 1_700_000_000, fav_type: 1 };
// Favourite and history items as /user/favs and /app/history build them (their objects may be gone).
const wikiFavItem = { ...fav, obj: wikis[0] };
const subFav: FavDto = { ...fav, fav_obj_type: 'sub', fav_obj_id: song.sub_id };
const play = ctx.userDb.addPlay(song.sub_id, song.sub_parent_wiki, 1_700_000_000);
const key = ctx.userDb.defaultKey().key;
const answer = await ctx.app.inject({ url: `/wikis.json?wiki_type=music&page=1&api_key=${key}`, headers: { host: '127.0.0.1:7777' } });
const information = answer.json().response.information;
// A playlist's page with a next page carries every field of information.
const playlistAnswer = await ctx.app.inject({
  url: `/listen/playlist.json?music=${songRow.sub_parent_wiki}&perpage=1&api_key=${key}`,
  headers: { host: '127.0.0.1:7777' },
});
const playlistInformation = playlistAnswer.json().response.information;
// A search that found nothing as typed names the keyword it answered for.
const respelledAnswer = await ctx.app.inject({ url: `/search/wiki.json?keyword=tuohou&api_key=${key}`, headers: { host: '127.0.0.1:7777' } });
const respelledInformation = respelledAnswer.json().response.information;
const user = toUserDto(ctx.userDb.profile(), SITE);
// Bangumi's details as the posters run keeps them (user-show-details.ts): the late-night show's, one
// episode without a date or a number within the show.
ctx.userDb.showDetails.record(Number(FIXTURE_ANIME.mondayLateNight.sites[0].id), {
  summary: 'A night in Gensokyo.',
  episodeCount: 12,
  episodes: [
    { sort: 1, ep: 1, airdate: '2024-01-08', name: '夜の始まり', nameCn: '夜之始' },
    { sort: 1.5, ep: null, airdate: '', name: '', nameCn: '' },
  ],
});
// Anime as /anime/detail answers them: one with a slot, sites and Bangumi's details, a film with none.
const animeOf = (id: number) => {
  const wiki = queries.entryDetail.findWiki(id, SITE)!;
  return { ...wiki, ...showing(id), wiki_bangumi: wiki.wiki_bgm_id === null ? null : ctx.userDb.showDetails.of(wiki.wiki_bgm_id) };
};
const showing = (id: number) => {
  const { broadcast, sites } = queries.entryDetail.showingOf(id);
  return { wiki_broadcast: broadcast, wiki_sites: sites };
};
const lateNight = animeOf(Number(FIXTURE_ANIME.mondayLateNight.sites[0].id));
const film = animeOf(Number(FIXTURE_ANIME.movie.sites[0].id));
// A season's shows as /season answers them: with a slot, and the dub without one.
const seasonShows = queries.seasons.shows({ year: 2024, season: 'winter' }, ['tv', 'web', 'movie', 'ova', 'oad'], SITE);
// The demo songs with lyrics (demo-content.ts): one synced, one not.
const lyricsOf = (track: number) => queries.entryDetail.lyricsOf(DEMO_WIKI_ID_BASE + 4 * 100 + track)!;
const [syncedLyrics, plainLyrics] = [lyricsOf(1), lyricsOf(2)];

type Name = keyof typeof CONTRACT_SCHEMAS;
/** Per schema: one real object carrying every property, then further real objects to validate. */
const SAMPLES: Record<Name, [object, ...object[]]> = {
  MetaDto: [wikis.find((w) => w.wiki_meta)!.wiki_meta![0], ...wikis.flatMap((w) => w.wiki_meta ?? [])],
  CoverDto: [wikis[0].wiki_cover],
  FavDto: [fav],
  WikiDto: [wikis.find((w) => w.wiki_bgm_id !== null)!, ...wikis],
  BroadcastDto: [lateNight.wiki_broadcast!],
  WikiSiteDto: [lateNight.wiki_sites.find((s) => s.begin > 0)!, ...lateNight.wiki_sites],
  EpisodeDto: lateNight.wiki_bangumi!.episodes as [EpisodeDto, ...EpisodeDto[]],
  ShowDetailsDto: [lateNight.wiki_bangumi!],
  AnimeWikiDto: [lateNight, film],
  SeasonWikiDto: [seasonShows.find((w) => w.wiki_broadcast)!, ...seasonShows],
  LyricsLineDto: [syncedLyrics.lines[0], ...syncedLyrics.lines, ...plainLyrics.lines],
  LyricsDto: [syncedLyrics, plainLyrics],
  UploadDataDto: [upload.up_data],
  UploadDto: [upload, gained],
  SubDto: [song, episode],
  OnAirDto: [onAir[0], ...onAir],
  PortalDto: [portal],
  TagDto: [queries.tags.mostUsed(['music'], 1)[0], ...queries.tags.mostUsed([...WIKI_TYPES], 100)],
  PlaylistItemDto: queries.listen.ofWiki(songRow.sub_parent_wiki, 50, 0, SITE).items as [object, ...object[]],
  WikiFavItemDto: [wikiFavItem, { ...fav, obj: null }],
  SubFavItemDto: [
    { ...subFav, obj: song },
    { ...subFav, obj: episode },
    { ...subFav, obj: null },
  ],
  PlayDto: [play],
  PlayItemDto: [
    { ...play, sub: song },
    { ...play, sub: null },
  ],
  UserDto: [user],
  // The first sample carries every field of information.
  Information: [{ ...playlistInformation, keyword_used: respelledInformation.keyword_used }, information, respelledInformation],
};
const NAMES = Object.keys(CONTRACT_SCHEMAS) as Name[];

describe('CONTRACT_SCHEMAS', () => {
  it('has real samples to check against', () => {
    expect(wikis.length).toBeGreaterThan(10);
    expect(wikis.some((w) => w.wiki_bgm_id === null)).toBe(true);
    expect(song.sub_upload?.length).toBeGreaterThan(0);
    expect(song.wiki).toBeDefined();
    expect(onAir.length).toBeGreaterThan(0);
    expect(portal.has_wiki).toBe(true);
    expect(information).toMatchObject({ page: 1, has_error: false });
    expect(playlistInformation).toMatchObject({ page: 1, perpage: 1, item_count: 1, may_have_next: true });
  });

  it('answers up_replaygain as the upload row tags it: null when untagged, each missing tag null', () => {
    expect(upload.up_replaygain).toBeNull();
    expect(gained.up_replaygain).toEqual({ track_gain: -7.25, track_peak: 0.988, album_gain: -6.5, album_peak: null });
  });

  it.each(NAMES)('%s names exactly the properties of a real object', (name) => {
    const schema = CONTRACT_SCHEMAS[name];
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(SAMPLES[name][0]).sort());
    for (const sample of SAMPLES[name]) expect(Object.keys(sample)).toEqual(expect.arrayContaining([...schema.required]));
  });

  it.each(NAMES)('%s accepts every real object under a JSON Schema validator', (name) => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(CONTRACT_SCHEMAS[name]);
    for (const sample of SAMPLES[name]) expect(validate(sample), new Ajv().errorsText(validate.errors)).toBe(true);
  });

  it('accepts the on-air counts in information and null where the types allow it', () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validate(CONTRACT_SCHEMAS.Information, { ...information, onair_1_count: 3, onair_2_count: 0 })).toBe(true);
    expect(ajv.validate(CONTRACT_SCHEMAS.WikiDto, { ...wikis[0], wiki_bgm_id: null, wiki_user_fav: fav })).toBe(true);
  });

  // The checks above could pass vacuously with a lax validator: these must fail.
  it.each([
    ['a missing field', (w: Record<string, unknown>) => ({ ...w, wiki_url: undefined })],
    ['an unknown field', (w: Record<string, unknown>) => ({ ...w, wiki_secret: 'x' })],
    ['a number as text', (w: Record<string, unknown>) => ({ ...w, wiki_id: String(w.wiki_id) })],
    ['null where null is not allowed', (w: Record<string, unknown>) => ({ ...w, wiki_cover: null })],
    ['an unknown type', (w: Record<string, unknown>) => ({ ...w, wiki_type: 'opera' })],
  ])('rejects a WikiDto with %s', (_what, spoil) => {
    const validate = new Ajv({ strict: true }).compile(CONTRACT_SCHEMAS.WikiDto);
    const spoiled = JSON.parse(JSON.stringify(spoil(wikis[0] as unknown as Record<string, unknown>)));
    expect(validate(spoiled)).toBe(false);
  });
});
