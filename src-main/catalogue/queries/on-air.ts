// SCAFFOLD — being written (on-air operation).
import type { Db } from '../database';

export function onAirQueries(_db: Db) {
  return {};
}
