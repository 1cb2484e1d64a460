// A copy of a catalogue's write-ahead log into its file, made by a folder import's reader thread
// (import-reader.ts) while the import writes: folder-import.ts turns SQLite's own copies off meanwhile,
// since each one is made by the connection that commits, and held the writing thread for up to a few
// hundred milliseconds — the import's own (import-thread.ts), or the server's where the import runs in
// it. PASSIVE waits for no reader or writer and copies what no reader still needs; the writer starts the
// log afresh once all of it was copied.
import Database from 'better-sqlite3';

/** Copies what it can of `file`'s WAL into it on a connection of its own; false when it could not. */
export function checkpointFile(file: string, nativeBinding?: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, nativeBinding });
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    return row.busy === 0;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}
