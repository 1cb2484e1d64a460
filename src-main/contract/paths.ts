// Path builders shared by the server and the UI (pure functions, no environment).
import type { CoverSize } from './covers';
import type { ApiFormat } from './envelope';
import { sectionOf } from './sections';

export type QueryOperation = 'on-air' | 'search/sub' | 'wikis' | 'search/wiki';

/** `/wikis.json`, `/search/sub.xml`; without a format the suffix-less path (answers JSON). */
export function apiPath(operation: QueryOperation | 'search/direct', format?: ApiFormat): string {
  return format ? `/${operation}.${format}` : `/${operation}`;
}

export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The entry page's path: under its section (sections.ts). */
export function wikiPagePath(type: string, id: number): string {
  return `/${sectionOf(type)}/${id}`;
}

export const subPagePath = (type: string, id: number) => `/sub/${type}/${id}`;
export const subFmPath = (type: string, id: number) => `/${type}/${id}`;
export const coverPath = (wikiId: number, size: CoverSize) => `/covers/${wikiId}/${size}`;
export const filePath = (uri: string) => `/files${uri.split('/').map(encodeURIComponent).join('/')}`;
export const listenPath = (wikiId: number) => `/listen?music=${wikiId}`;
export const searchPagePath = (q: string) => `/search?q=${encodeURIComponent(q)}`;
