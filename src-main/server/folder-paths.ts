// An imported album's `folder` (wiki_meta) is where it lies on this machine: an absolute path, with the
// user's name and folders in it. The app's own UI shows it; every other caller — an API key, a tool
// connected with OAuth — gets the entry without it (docs/api.md, "Objects"). Works on a copy, and only
// where a folder is found: catalogue answers may be shared or cached.
import type { MetaDto } from '../contract/objects';

const PRIVATE_META_KEYS = new Set(['folder']);

const isPrivate = (item: unknown) => typeof item === 'object' && item !== null && PRIVATE_META_KEYS.has((item as MetaDto).meta_key);

/** `value` with no `folder` in any `wiki_meta` within it; the same object when there is none. */
export function withoutFolderPaths<T>(value: T): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const kept = withoutFolderPaths(item);
      if (kept !== item) (copy ??= value.slice())[i] = kept;
    });
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    let kept: unknown;
    if (key === 'wiki_meta' && Array.isArray(item) && item.some(isPrivate)) {
      const left = item.filter((m) => !isPrivate(m));
      // An empty meta list is null, as the catalogue writes it.
      kept = left.length > 0 ? left : null;
    } else kept = withoutFolderPaths(item);
    if (kept !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = kept;
  }
  return (copy ?? value) as T;
}
