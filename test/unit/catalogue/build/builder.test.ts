import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, buildCatalogue, CATALOGUE_FILE } from '../../../../src-main/catalogue/build/builder';
import { FIXTURE_ANIME, FIXTURE_BANGUMI } from '../../../fixtures/bangumi-fixture';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { tempDir } from '../../../fixtures/temp-dir';
import { runSynthesiser } from '../../../fixtures/demo-audio';

type Row = Record<string, unknown>;

function dump(file: string): Record<string, Row[]> {
  const db = new Database(file, { readonly: true });
  // Contentless FTS tables cannot be read back; their shadow tables (the index itself) are compared.
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
    .pluck()
    .all() as string[];
  const out: Record<string, Row[]> = {};
  for (const t of tables) out[t] = db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all() as Row[];
  db.close();
  return out;
}

describe('buildCatalogue()', () => {
  let first: Record<string, Row[]>;
  beforeAll(() => {
    first = dump(join(fixtureCatalogueDir(), CATALOGUE_FILE));
  });

  it('gives the same ids and the same rows when rebuilt from the same sources', async () => {
    const again = tempDir('moecat-build-');
    await buildCatalogue({ outDir: again, bangumi: FIXTURE_BANGUMI });
    expect(dump(join(again, CATALOGUE_FILE))).toEqual(first);
  });

  it('keeps every existing id when upstream adds items before and between them', async () => {
    const grown = tempDir('moecat-build-');
    const extra = { ...FIXTURE_ANIME.movie, title: 'Newly Added Film', sites: [{ site: 'bangumi', id: '777' }] };
    const extraNoId = { ...FIXTURE_ANIME.noBangumiId, title: 'Another Web Short', begin: '2020-01-01T00:00:00.000Z' };
    const items = [extra, ...FIXTURE_BANGUMI.items.slice(0, 3), extraNoId, ...FIXTURE_BANGUMI.items.slice(3)];
    await buildCatalogue({ outDir: grown, bangumi: { version: 'fixture-2', items }, synthesise: runSynthesiser() });
    const after = new Map(dump(join(grown, CATALOGUE_FILE)).wiki.map((w) => [w.source_key, w.wiki_id]));
    for (const w of first.wiki) expect(after.get(w.source_key)).toBe(w.wiki_id);
    expect(after.size).toBe(first.wiki.length + 2);
  });

  it('records its tally of the search index\'s common trigrams (none in a catalogue this small)', () => {
    const tally = first.meta.find((m) => m.key === 'search_common_tokens');
    expect(JSON.parse(String(tally?.value))).toEqual({ wiki_fts: {}, sub_fts: {} });
  });

  it('derives title keys, initials and aliases for an anime entry', () => {
    const wiki = first.wiki.find((w) => w.wiki_id === 1001)!;
    expect(wiki).toMatchObject({ wiki_type: 'tv', wiki_title: '東方の夜', wiki_title_encode: 'dongfangnoye', wiki_initial: 'd' });
    expect(first.wiki_alias.filter((a) => a.wiki_id === 1001).map((a) => a.alias).sort()).toEqual(['Touhou Night', '东方之夜']);
    expect(first.wiki_external).toContainEqual({ wiki_id: 1001, site: 'bangumi', external_id: '1001' });
  });

  it('writes the on-air schedule with the late-night convention', () => {
    expect(first.onair.filter((r) => r.wiki_id === 1001)).toEqual([
      { wiki_id: 1001, oa_weekday: 1, oa_minute: 25 * 60 + 30, oa_period_days: 7, oa_date_begin: Date.UTC(2024, 0, 8) / 1000 - 9 * 3600, oa_date_end: 0 },
    ]);
    expect(first.onair.filter((r) => r.wiki_id === 1004)).toHaveLength(7); // daily
    expect(first.onair.filter((r) => r.wiki_id === 1007)).toHaveLength(0); // movie
  });

  it('gives the sub-entries view titles and title keys', () => {
    for (const s of first.sub) {
      const order = /^\d+$/.test(String(s.sub_order)) ? String(s.sub_order).padStart(2, '0') : s.sub_order;
      expect(s.sub_view_title).toBe(`${s.sub_type}.${order} ${s.sub_title}`);
      expect(s.sub_title_encode).toMatch(/^[a-z0-9]*$/);
    }
  });

  it('records each upload\'s md5 and size from the file on disk', () => {
    expect(first.upload.length).toBeGreaterThan(0);
    for (const u of first.upload) {
      const bytes = readFileSync(join(fixtureCatalogueDir(), AUDIO_DIR, String(u.up_uri)));
      expect(u.up_filesize).toBe(bytes.length);
      expect(u.up_md5).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });

  it('tags every demo entry', () => {
    const demo = first.wiki.filter((w) => w.wiki_type === 'music' || w.wiki_type === 'radio');
    expect(demo.length).toBeGreaterThanOrEqual(7);
    const tagged = new Set(first.wiki_tag.map((t) => t.wiki_id));
    for (const w of demo) expect(tagged.has(w.wiki_id)).toBe(true);
  });
});
