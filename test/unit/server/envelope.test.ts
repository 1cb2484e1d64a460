import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../../../src-main/server/envelope';

const same = (response: Record<string, unknown>): void => {
  expect(jsonBody(response).equals(Buffer.from(JSON.stringify({ response })))).toBe(true);
};

const leaf = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const item = fc.oneof(leaf, fc.dictionary(fc.string(), fc.oneof(leaf, fc.array(leaf))), fc.array(leaf));

describe('jsonBody()', () => {
  it('writes the bytes JSON.stringify writes for any envelope: lists, objects, undefined members and items, lone surrogates', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(item, fc.array(item, { maxLength: 30 }))), (response) => same(response)),
      { numRuns: 500 },
    );
  });

  it('writes the same bytes for an answer of many pieces (an on-air-sized week of CJK titles)', () => {
    const entry = (i: number) => ({
      wiki_id: i,
      wiki_title: `東方の夜 ${i} 祈り～You Raise Me Up`,
      wiki_aliases: ['东方', `別名${i}`],
      wiki_cover: { small: `http://127.0.0.1:1/covers/${i}/small` },
      oa_time: '25:30',
    });
    const week = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`onair_${d}`, Array.from({ length: 300 }, (_, i) => entry(d * 1000 + i))]));
    const response = { information: { count: 2100, msg: [] }, ...week };
    expect(JSON.stringify({ response }).length).toBeGreaterThan(4 * 16 * 1024);
    same(response);
    expect(JSON.parse(jsonBody(response).toString('utf8'))).toEqual({ response });
  });

  it('writes an empty envelope and empty lists', () => {
    same({});
    same({ information: { msg: [] }, wikis: [] });
  });
});
