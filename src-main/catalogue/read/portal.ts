// The portal's look-ups (/search/direct): albums (music entries only) by exact title or by Bangumi id,
// each with whether any of its songs has audio. The route decides where that leads.
import type { Db } from '../db/database';
import { toWiki, WIKI_COLUMNS, type WikiRow } from './mappers';
import type { WikiDto } from '../../contract/objects';

export interface PortalMatch {
  wiki: WikiDto;
  /** At least one of its sub-entries has an upload. */
  hasAudio: boolean;
}

type PortalRow = WikiRow & { has_audio: number };

// Lowest id first, so "the first match" is stable across calls and rebuilds (ids are stable).
const SELECT = `SELECT ${WIKI_COLUMNS},
    EXISTS (SELECT 1 FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id WHERE s.sub_parent_wiki = w.wiki_id) AS has_audio
  FROM wiki w`;

export function portalQueries(db: Db) {
  // Exact (binary) title comparison, as the interface says; wiki_by_title serves it.
  const byTitle = db.prepare(`${SELECT} WHERE w.wiki_title = ? AND w.wiki_type = 'music' ORDER BY w.wiki_id`);
  const byBgmId = db.prepare(`${SELECT} WHERE w.wiki_bgm_id = ? AND w.wiki_type = 'music' ORDER BY w.wiki_id`);

  const toMatches = (rows: PortalRow[], site: string): PortalMatch[] => rows.map((r) => ({ wiki: toWiki(r, site), hasAudio: r.has_audio === 1 }));

  return {
    albumsByTitle(title: string, site: string): PortalMatch[] {
      return toMatches(byTitle.all(title) as PortalRow[], site);
    },
    albumsByBgmId(bgmId: number, site: string): PortalMatch[] {
      return toMatches(byBgmId.all(bgmId) as PortalRow[], site);
    },
  };
}
