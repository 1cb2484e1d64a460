// Identifies the catalogue database file kind for openDatabase(), and fingerprints its schema: the
// builder records the fingerprint, and a catalogue whose fingerprint differs is treated as outdated
// even at the same user_version (migration 1 is still edited in place before the first release). The
// SQL a build finishes with (its counts and their triggers) is part of the fingerprint too, and so is
// the version of what the writer puts in the rows (schema.ts, CATALOGUE_ROWS_VERSION).
import { createHash } from 'node:crypto';
import type { DatabaseKind } from './database';
import { CATALOGUE_APPLICATION_ID, CATALOGUE_FINISH, CATALOGUE_MIGRATIONS, CATALOGUE_ROWS_VERSION } from './schema';

export const CATALOGUE_KIND: DatabaseKind = {
  label: 'catalogue',
  applicationId: CATALOGUE_APPLICATION_ID,
  migrations: CATALOGUE_MIGRATIONS,
  remedy: 'Rebuild it with `moecat build-catalogue`, or remove it to start again from the shipped catalogue.',
};

export const CATALOGUE_SCHEMA_FINGERPRINT = createHash('sha256')
  .update([...CATALOGUE_MIGRATIONS, CATALOGUE_FINISH, `rows ${CATALOGUE_ROWS_VERSION}`].join('\n'))
  .digest('hex')
  .slice(0, 16);
