// Fills `wiki_user_fav` / `sub_user_fav` for a caller with the user's authority (the first-party UI, or
// a request signed with an OAuth access token). Works on a copy: catalogue answers may be shared or cached, and must stay null for
// API-key callers.
import type { UserDb } from '../catalogue/user/user-db';

export function withUserFavs<T>(value: T, userDb: UserDb): T {
  if (Array.isArray(value)) return value.map((v) => withUserFavs(v, userDb)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withUserFavs(v, userDb);
  if ('wiki_user_fav' in out && typeof out.wiki_id === 'number') out.wiki_user_fav = userDb.findFav('wiki', out.wiki_id) ?? null;
  if ('sub_user_fav' in out && typeof out.sub_id === 'number') out.sub_user_fav = userDb.findFav('sub', out.sub_id) ?? null;
  return out as T;
}
