// The `source` parameter, Moecat's extension of the entry list and the searches: only entries (or
// sub-entries of entries) of some sources. Other clients never send it (unknown parameters are ignored
// anyway); a value that names no kind and no source is a 400 like any other bad parameter.
import type { Catalogue } from '../catalogue/read/catalogue';
import { SOURCE_KINDS } from '../catalogue/read/sources';
import { badParameter } from './api-error';
import type { Params } from './params';

export const SOURCE_PARAM_DOC = {
  description:
    "Moecat's extension: only entries of these sources — a comma list of kinds (bundled, folder, remote) and source ids (`wiki_source.source_id`); a kind with no source matches nothing",
  example: 'folder',
};

/** The source ids the `source` parameter names; undefined when it is absent. */
export function readSourceFilter(p: Params, catalogue: Catalogue): number[] | undefined {
  const items = p.list('source', 20);
  if (!items) return undefined;
  const known = catalogue.queries.sources.kinds();
  const ids = new Set<number>();
  for (const item of items.map((s) => s.toLowerCase())) {
    if ((SOURCE_KINDS as readonly string[]).includes(item)) {
      for (const s of known) if (s.kind === item) ids.add(s.source_id);
    } else if (/^\d{1,9}$/.test(item) && known.some((s) => s.source_id === Number(item))) {
      ids.add(Number(item));
    } else {
      throw badParameter('source', `has "${item}", which is neither a kind of source (${SOURCE_KINDS.join(', ')}) nor the id of one`);
    }
  }
  return [...ids];
}
