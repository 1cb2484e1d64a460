// Sub-entry search keeps an entry's sub-entries in the entry's own order where they follow each other in
// a tier (search-queries.ts reads each tier newest id first): an album's songs 1, 2, 3, not 3, 2, 1.
/** One tier of the order: how many rows it has and how to read a window of its ids, newest first. */
export interface Tier {
  count(): number;
  page(limit: number, offset: number): number[];
}

/** Where a sub-entry sits: its entry and its place in the entry's order. */
export interface SubPlace {
  parent: number;
  order: string;
}

/** Compares two sub-entries of one entry in the entry's order: the number (2 before 10), then the id. */
function byTrack(a: { id: number; place: SubPlace }, b: { id: number; place: SubPlace }): number {
  const na = /^\d+$/.test(a.place.order) ? Number(a.place.order) : Infinity;
  const nb = /^\d+$/.test(b.place.order) ? Number(b.place.order) : Infinity;
  return na - nb || (a.place.order < b.place.order ? -1 : a.place.order > b.place.order ? 1 : 0) || a.id - b.id;
}

/** Reads beyond a page's edges start at this many rows and grow fourfold while a run crosses them. */
const RUN_MARGIN = 48;
/** A run longer than this (an entry with thousands of matching episodes) is ordered only where it is read. */
const RUN_MARGIN_MAX = 3072;

/**
 * A tier of sub-entries whose runs — neighbours in the tier's order that belong to one entry — are in
 * the entry's own order. The tier's order is newest id first; an album's songs have ascending ids, so
 * without this they would read 05, 04 … 01. A page is read with a margin on either side, widened until
 * the runs crossing its edges are whole, so every page is cut from the same reordered sequence.
 */
export function trackOrdered(tier: Tier, placesOf: (ids: number[]) => Map<number, SubPlace>): Tier {
  return {
    count: () => tier.count(),
    page(limit, offset) {
      for (let margin = RUN_MARGIN; ; margin *= 4) {
        const start = Math.max(0, offset - margin);
        const want = offset - start + limit + margin;
        const ids = tier.page(want, start);
        const places = placesOf(ids);
        const rows = ids.map((id) => ({ id, place: places.get(id)! }));
        const firstIndex = offset - start;
        if (firstIndex >= rows.length) return [];
        const lastIndex = Math.min(rows.length, firstIndex + limit) - 1;
        const sameRun = (i: number, j: number) => rows[i].place.parent === rows[j].place.parent;
        let runStart = firstIndex;
        while (runStart > 0 && sameRun(runStart - 1, firstIndex)) runStart -= 1;
        let runEnd = lastIndex;
        while (runEnd + 1 < rows.length && sameRun(runEnd + 1, lastIndex)) runEnd += 1;
        const openBefore = runStart === 0 && start > 0;
        const openAfter = runEnd === rows.length - 1 && ids.length === want;
        if ((openBefore || openAfter) && margin < RUN_MARGIN_MAX) continue;
        const ordered: typeof rows = [];
        for (let i = 0; i < rows.length;) {
          let j = i + 1;
          while (j < rows.length && sameRun(j, i)) j += 1;
          ordered.push(...rows.slice(i, j).sort(byTrack));
          i = j;
        }
        return ordered.slice(firstIndex, firstIndex + limit).map((r) => r.id);
      }
    },
  };
}
