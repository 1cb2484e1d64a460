// Sub-entry search keeps an entry's sub-entries in the entry's order where they follow each other in a
// tier (newest id first otherwise), and every page is cut from that one sequence: paging through with
// any page size gives the whole list, even past a run longer than the margin read around a page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackOrdered, type SubPlace, type Tier } from '../../../../src-main/catalogue/search/track-order';

/** A tier over `ids` (already newest first) and the places of its rows. */
function fakeTier(ids: number[]): Tier {
  return { count: () => ids.length, page: (limit, offset) => ids.slice(offset, offset + limit) };
}

/** Entries of the given sizes, ids ascending within each (as the builder numbers tracks), listed newest first. */
function catalogue(sizes: number[]) {
  const places = new Map<number, SubPlace>();
  let id = 1;
  sizes.forEach((size, entry) => {
    for (let track = 1; track <= size; track += 1) places.set(id++, { parent: entry, order: String(track).padStart(2, '0') });
  });
  const ids = [...places.keys()].reverse();
  const placesOf = (asked: number[]) => new Map(asked.map((i) => [i, places.get(i)!]));
  return { ids, places, tier: trackOrdered(fakeTier(ids), placesOf) };
}

describe('trackOrdered', () => {
  it("puts each entry's run in track order, entries newest first", () => {
    const { tier } = catalogue([3, 2, 4]);
    expect(tier.page(100, 0)).toEqual([6, 7, 8, 9, 4, 5, 1, 2, 3]);
  });

  it('orders "2" before "10" and numbers before other orders', () => {
    const places = new Map<number, SubPlace>([
      [1, { parent: 1, order: '10' }],
      [2, { parent: 1, order: '2' }],
      [3, { parent: 1, order: 'SP' }],
      [4, { parent: 1, order: '1' }],
    ]);
    const tier = trackOrdered(fakeTier([4, 3, 2, 1]), (ids) => new Map(ids.map((i) => [i, places.get(i)!])));
    expect(tier.page(10, 0)).toEqual([4, 2, 1, 3]);
  });

  it('cuts every page from the same sequence, runs longer than the margin included', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 60 }), (sizes, perpage) => {
        const { tier, ids } = catalogue(sizes);
        const whole = tier.page(ids.length, 0);
        const paged: number[] = [];
        for (let offset = 0; offset < ids.length; offset += perpage) paged.push(...tier.page(perpage, offset));
        expect(paged).toEqual(whole);
        expect(new Set(whole).size).toBe(ids.length);
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
