// defineOperation types a handler's answer from what the operation declares it responds: each wrong
// answer below must fail the typecheck (`npm run typecheck`), where an @ts-expect-error that no longer
// meets an error is itself an error. The runtime part checks what /docs reads of the declarations.
import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src-main/contract/app';
import type { SubDto, WikiDto } from '../../../src-main/contract/objects';
import { SubDtoSchema, WikiDtoSchema } from '../../../src-main/contract/schemas';
import { defineOperation, isShaped, many, one, shaped } from '../../../src-main/server/operations/define';

const base = { method: 'GET', path: '/x', spellings: 'json', auth: 'none', summary: 'x', params: {} } as const;
const wiki = {} as WikiDto;
const sub = {} as SubDto;
const status: AppStatus = {
  entries: 1,
  subs: 2,
  uploads: 3,
  onAir: 0,
  apiUrl: 'http://127.0.0.1:1/',
  animeData: { version: '0.3.208', newestBegin: '2026-04-29' },
  transcoding: true,
};

// What each declares, answered.
const answered = [
  defineOperation({ ...base, responds: { wikis: many(WikiDtoSchema), count: one('integer') }, handle: () => ({ payload: { wikis: [wiki], count: 1 } }) }),
  defineOperation({ ...base, responds: { status: one(shaped<AppStatus>()) }, handle: async () => ({ payload: { status } }) }),
  defineOperation({
    ...base,
    optionalPayload: 'Only the lists asked for',
    responds: { wikis: many(WikiDtoSchema), subs: many(SubDtoSchema) },
    handle: () => ({ payload: { subs: [sub] } }),
  }),
];

// What each declares, answered wrongly.
const refused = [
  // @ts-expect-error a payload key that responds does not declare
  defineOperation({ ...base, responds: { wikis: many(WikiDtoSchema) }, handle: () => ({ payload: { wikis: [wiki], extra: 1 } }) }),
  // @ts-expect-error a declared key left out, without optionalPayload
  defineOperation({ ...base, responds: { wikis: many(WikiDtoSchema), subs: many(SubDtoSchema) }, handle: () => ({ payload: { subs: [sub] } }) }),
  // @ts-expect-error another contract object than the one declared
  defineOperation({ ...base, responds: { wikis: many(WikiDtoSchema) }, handle: () => ({ payload: { wikis: [sub] } }) }),
  // @ts-expect-error one object where a list is declared
  defineOperation({ ...base, responds: { wikis: many(WikiDtoSchema) }, handle: () => ({ payload: { wikis: wiki } }) }),
  // @ts-expect-error a JSON type other than the one declared
  defineOperation({ ...base, responds: { count: one('integer') }, handle: () => ({ payload: { count: '1' } }) }),
  // @ts-expect-error a shaped object that lacks a field of its type
  defineOperation({ ...base, responds: { status: one(shaped<AppStatus>()) }, handle: async () => ({ payload: { status: { entries: 1 } } }) }),
  // @ts-expect-error a field of a contract object with another type
  defineOperation({ ...base, responds: { wiki: one(WikiDtoSchema) }, handle: () => ({ payload: { wiki: { ...wiki, wiki_id: '1' } } }) }),
];

describe('defineOperation', () => {
  it('keeps what /docs reads of responds: lists, contract schemas, JSON types and shaped objects', () => {
    expect(answered).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(answered[0].responds).toEqual({ wikis: { list: true, object: WikiDtoSchema }, count: { list: false, object: 'integer' } });
    expect(isShaped(answered[1].responds.status.object)).toBe(true);
    expect(isShaped(WikiDtoSchema)).toBe(false);
    expect(isShaped({ type: 'object' })).toBe(false);
  });
});
