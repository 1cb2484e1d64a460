// HTTP for the search screen: entry search (search/wiki) and sub-entry search (search/sub).
import type { SubDto, WikiDto } from '../../../src-main/contract/objects';
import { apiPath } from '../../../src-main/contract/paths';
import { getApi } from './client';

export interface SearchRequest {
  keyword: string;
  /** wiki_type or sub_type values; empty = every type. */
  types: string[];
  /** Kinds of source (bundled, folder, remote); absent or empty = every source. */
  sources?: string[];
  page: number;
  perpage: number;
}

export interface SearchAnswer<T> {
  items: T[];
  /** Every match, not only this page's. */
  count: number;
  page: number;
  /** When the keyword as typed found nothing: the respelled keyword these results are for. */
  keywordUsed?: string;
}

const query = (r: SearchRequest, typeParam: string) => ({
  keyword: r.keyword,
  [typeParam]: r.types.length > 0 ? r.types.join(',') : undefined,
  source: r.sources?.length ? r.sources.join(',') : undefined,
  page: r.page,
  perpage: r.perpage,
});

export async function searchWikis(r: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer<WikiDto>> {
  const res = await getApi<{ wikis: WikiDto[] }>(apiPath('search/wiki', 'json'), query(r, 'wiki_type'), signal);
  return { items: res.wikis, count: res.information.count ?? res.wikis.length, page: r.page, keywordUsed: res.information.keyword_used };
}

export async function searchSubs(r: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer<SubDto>> {
  const res = await getApi<{ subs: SubDto[] }>(apiPath('search/sub', 'json'), query(r, 'sub_type'), signal);
  return { items: res.subs, count: res.information.count ?? res.subs.length, page: r.page, keywordUsed: res.information.keyword_used };
}
