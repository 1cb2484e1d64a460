// HTTP for the browse screen: the entry list (/wikis) and the tag chips (/app/tags).
import type { TagDto, WikiDto } from '../../../src-main/contract/objects';
import { apiPath } from '../../../src-main/contract/paths';
import { SECTION_TYPES } from '../../../src-main/contract/sections';
import type { BrowseType } from '../composables/browse-query';
import { getApi } from './client';

export interface WikiFilter {
  type: BrowseType;
  initial?: string;
  tags: string[];
  date?: string;
  /** Kinds of source (bundled, folder, remote); absent or empty = every source. */
  sources?: string[];
}

export interface WikiPage {
  wikis: WikiDto[];
  /** All matches. */
  count: number;
  page: number;
  perpage: number;
}

/** One page of entries, newest first. No match is an empty page (the API flags it with has_error). */
export async function fetchWikis(filter: WikiFilter, page: number, perpage: number, signal?: AbortSignal): Promise<WikiPage> {
  const query = {
    // The section's every type: the API's `anime` alias leaves out web series, which Browse shows.
    wiki_type: SECTION_TYPES[filter.type].join(','),
    initial: filter.initial,
    tag: filter.tags.length ? filter.tags.join(',') : undefined,
    date: filter.date,
    source: filter.sources?.length ? filter.sources.join(',') : undefined,
    page,
    perpage,
  };
  const response = await getApi<{ wikis: WikiDto[] }>(apiPath('wikis', 'json'), query, signal);
  const info = response.information;
  return { wikis: response.wikis, count: info.count ?? 0, page: info.page ?? page, perpage: info.perpage ?? perpage };
}

/** The most used tags of a type (of some kinds of source), with counts; no year tags. */
export async function fetchTags(type: BrowseType, limit: number, sources?: string[], signal?: AbortSignal): Promise<TagDto[]> {
  const params = { wiki_type: SECTION_TYPES[type].join(','), limit, source: sources?.length ? sources.join(',') : undefined };
  const response = await getApi<{ tags: TagDto[] }>('/app/tags.json', params, signal);
  return response.tags;
}
