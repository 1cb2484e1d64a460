// SCAFFOLD — being written (search operations).
import type { Db } from '../database';

export function searchQueries(_db: Db) {
  return {};
}
