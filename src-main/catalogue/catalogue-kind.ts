// Identifies the catalogue database file kind for openDatabase().
import type { DatabaseKind } from './database';
import { CATALOGUE_APPLICATION_ID, CATALOGUE_MIGRATIONS } from './schema';

export const CATALOGUE_KIND: DatabaseKind = {
  label: 'catalogue',
  applicationId: CATALOGUE_APPLICATION_ID,
  migrations: CATALOGUE_MIGRATIONS,
  remedy: 'Rebuild it with `moecat build-catalogue`, or remove it to start again from the shipped catalogue.',
};
