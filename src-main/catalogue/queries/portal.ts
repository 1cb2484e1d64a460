// SCAFFOLD — being written (portal operation).
import type { Db } from '../database';

export function portalQueries(_db: Db) {
  return {};
}
