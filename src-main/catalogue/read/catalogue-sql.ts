// The SQL connection behind an open catalogue, for the catalogue's own modules that prepare statements
// of their own (the posters job, the remote sources list) and for tests that look at the rows. Nothing
// outside catalogue/ imports this (a dependency rule keeps it so): the server asks catalogue.queries.
import type { Db } from '../db/database';
import { connectionOf, type Catalogue } from './catalogue';

/** The catalogue's current read-only connection (after a reopen, the new one). */
export function sqlOf(catalogue: Catalogue): Db {
  const connection = connectionOf.get(catalogue);
  if (!connection) throw new Error('not a catalogue opened by openCatalogue');
  return connection();
}
