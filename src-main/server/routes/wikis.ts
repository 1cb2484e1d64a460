// GET /wikis(.json|.xml): the entry list with filters (DESIGN.md §4 "Entry list").
import type { FastifyInstance } from 'fastify';
import { WIKI_TYPES } from '../../catalogue/write/source-entry';
import { API_ANIME_TYPES } from '../../contract/sections';
import { badParameter, missingParameter } from '../api-error';
import { apiRoute } from '../api-route';
import { parseDateFilter } from '../date-filter';
import { readPaging, type Params } from '../params';
import { readSourceFilter, SOURCE_PARAM_DOC } from '../source-filter';

const ALIASES: Record<string, readonly string[]> = { anime: API_ANIME_TYPES };

/** `wiki_type` comma list, `anime` expanded; unknown names are a 400. */
export function readWikiTypes(p: Params, required: boolean): string[] | undefined {
  const names = p.list('wiki_type');
  if (!names) {
    if (required) throw missingParameter('wiki_type');
    return undefined;
  }
  const types = new Set<string>();
  for (const name of names.map((n) => n.toLowerCase())) {
    if (ALIASES[name]) ALIASES[name].forEach((t) => types.add(t));
    else if ((WIKI_TYPES as readonly string[]).includes(name)) types.add(name);
    else throw badParameter('wiki_type', `has an unknown type "${name}" (known: ${[...WIKI_TYPES, 'anime'].join(', ')})`);
  }
  return [...types];
}

/** One letter, `0` (no letter) or `1`: the interface's default, no initial filter, as when left out. */
function readInitial(p: Params): string | undefined {
  const value = p.text('initial')?.toLowerCase();
  if (value !== undefined && !/^[a-z01]$/.test(value)) throw badParameter('initial', 'must be one letter a–z, 0 for titles that start with no letter, or 1 for any (the default)');
  return value === '1' ? undefined : value;
}

function readIds(p: Params): number[] | undefined {
  const ids = p.list('wiki_id');
  if (!ids) return undefined;
  return ids.map((id) => {
    if (!/^\d{1,15}$/.test(id) || Number(id) < 1) throw badParameter('wiki_id', `has "${id}", which is not an id`);
    return Number(id);
  });
}

export async function wikiRoutes(app: FastifyInstance): Promise<void> {
  const { catalogue } = app.deps;
  const options = {
    auth: 'api-key',
    cache: true,
    summary: 'List entries by type, initial, tags, ids and date, newest first',
    paged: true,
    responds: { wikis: { list: true, object: 'WikiDto' } },
    params: {
      wiki_type: { description: 'Comma list of types: music, radio, tv, web, movie, ova, oad; `anime` = tv,ova,oad,movie', required: true, example: 'music' },
      initial: { description: 'One letter a–z of the title key, 0 for titles whose key starts with no letter, or 1 (the default) for any', example: 'd' },
      tag: { description: 'Comma list of tags; every one must apply', example: 'OST' },
      wiki_id: { description: 'Comma list of entry ids', example: '51000001,51000002' },
      date: { description: 'A year, month or day (2013, 2013-05, 2013-05-10), or start,end (the end period included)', example: '2024-01,2024-03' },
      source: SOURCE_PARAM_DOC,
      page: { description: 'Page number, from 1', example: '1' },
      perpage: { description: 'Items per page, 1–50 (larger values are clamped to 50); default 20', example: '20' },
    },
  } as const;
  apiRoute(app, '/wikis', options, ({ params, site }) => {
    const types = readWikiTypes(params, true)!;
    const dateText = params.text('date');
    const range = dateText === undefined ? undefined : parseDateFilter(dateText, catalogue.timeZone);
    const filter = { types, initial: readInitial(params), tags: params.list('tag', 20), ids: readIds(params), dateFrom: range?.from, dateTo: range?.to, sources: readSourceFilter(params, catalogue) };
    const paging = readPaging(params);
    const { count, wikis } = catalogue.queries.wikis.list(filter, paging.perpage, paging.offset, site);
    return {
      information: { page: paging.page, perpage: paging.perpage, count, has_error: count === 0 },
      msg: count === 0 ? ['No entry matches these filters.'] : [],
      payload: { wikis },
    };
  });
}
