// An artist's page: the albums and radio shows whose meta names the artist (artist, album artist,
// personality), and the songs and episodes by them — a sub-entry's own artist, else its entry's — as
// contract/credits.ts reads names ("A, B" and "A & B" are two). Names compare folded like titles
// (search-fold.ts), so ＨＡＮＡＭＯＲＩ Yui and hanamori yui are one artist.
//
// Only music and radio carry artists. A first pass asks wiki_artist (the writer's rows of the meta's
// people, by folded name) for the rows naming them; the exact test runs here, on those few.
import type { Db } from '../db/database';
import type { SubDto, WikiDto } from '../../contract/objects';
import { artistOf, artistNames, peopleOf } from '../../contract/credits';
import { searchFold } from '../search/search-fold';
import { SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';
import { SUB_ORDER } from './listen';

/** At most this many entries and sub-entries on one artist's page. */
export const ARTIST_MAX = 500;

type SubUploadRow = SubRow & { [K in keyof UploadRow]: UploadRow[K] | null };

export function artistQueries(db: Db) {
  const wikis = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w
    WHERE w.wiki_id IN (SELECT a.wiki_id FROM wiki_artist a WHERE a.artist_fold = @fold AND a.sub_id = 0)
    ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT ${ARTIST_MAX * 4}`);
  const wikiById = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);
  const subs = db.prepare(`SELECT ${SUB_COLUMNS}, ${UPLOAD_COLUMNS} FROM sub s LEFT JOIN upload u ON u.up_obj_id = s.sub_id
    WHERE s.sub_id IN (SELECT o.sub_id FROM sub o WHERE o.sub_parent_wiki IN (SELECT value FROM json_each(@owners))
      UNION ALL SELECT a.sub_id FROM wiki_artist a WHERE a.artist_fold = @fold AND a.sub_id <> 0)
    ORDER BY s.sub_parent_wiki, ${SUB_ORDER} LIMIT ${ARTIST_MAX * 8}`);

  return {
    /** The artist's entries (newest first) and sub-entries (by entry, in order); undefined when none names them. */
    byName(name: string, site: string): { wikis: WikiDto[]; subs: SubDto[] } | undefined {
      const wanted = searchFold(name);
      const names = (list: string[]) => list.some((n) => searchFold(n) === wanted);
      const ownWikis = (wikis.all({ fold: wanted }) as WikiRow[])
        .map((r) => toWiki(r, site))
        .filter((w) => names(peopleOf(w.wiki_meta)))
        .slice(0, ARTIST_MAX);
      const owners = new Map<number, WikiDto>(ownWikis.map((w) => [w.wiki_id, w]));
      const ownerOf = (id: number) => {
        let w = owners.get(id);
        if (!w) {
          w = toWiki(wikiById.get(id) as WikiRow, site);
          owners.set(id, w);
        }
        return w;
      };
      const found: SubDto[] = [];
      for (const row of subs.all({ fold: wanted, owners: JSON.stringify(ownWikis.map((w) => w.wiki_id)) }) as SubUploadRow[]) {
        const owner = ownerOf(row.sub_parent_wiki);
        const sub = toSub(row, site, row.up_id === null ? [] : [row as unknown as UploadRow], owner);
        if (names(artistNames(artistOf(sub.sub_meta, owner.wiki_meta)))) found.push(sub);
        if (found.length >= ARTIST_MAX) break;
      }
      return ownWikis.length > 0 || found.length > 0 ? { wikis: ownWikis, subs: found } : undefined;
    },
  };
}
