// `moecat import <folder>`: imports (or re-imports) a music folder into the working catalogue of the
// data directory — the same file and the same importFolder() the server's Settings → Library uses —
// with a progress line on stderr and a summary on stdout. Files that cannot be read are listed in the
// summary and do not fail the command; a folder that is missing or unreadable does (one line, exit 1),
// and so does an imported folder that is empty now — its disk not mounted (catalogue/import/folder-availability.ts):
// importing it would remove its albums.
import { unavailableReason } from './catalogue/import/folder-availability';
import { openCatalogue } from './catalogue/read/catalogue';
import { openCatalogueWriter } from './catalogue/write/catalogue-writer';
import { phasePrinter } from './cli-progress';
import { workingCatalogueFor } from './cli-working-catalogue';
import { printable } from './terminal-text';

const LABELS = { scan: 'Looking for audio files', read: 'Reading files', write: 'Writing albums', done: 'Done' };

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function importCommand(folder: string, dataDir: string, print: (line: string) => void = console.log): Promise<void> {
  // File and folder names, and what reading them said, reach these lines.
  const out = (line: string) => print(printable(line));
  const { checkFolder, importFolder, FolderImportError } = await import('./catalogue/import/folder-import');
  const root = await checkFolder(folder); // a missing folder fails before anything is built or copied

  const working = await workingCatalogueFor(dataDir);
  const reader = openCatalogue(working);
  const known = reader.queries.library.folders().find((f) => f.path === root);
  const hadSongs = known !== undefined && reader.queries.library.hasSongs(known.source_id);
  reader.close();
  const unavailable = known && (await unavailableReason(root, hadSongs));
  if (unavailable) throw new FolderImportError(`${root} cannot be imported now: ${unavailable.text}; its albums are kept.`);

  const writer = openCatalogueWriter(working);
  const show = phasePrinter(LABELS);
  let last = { done: 0, total: 0 };
  try {
    const result = await importFolder({
      writer,
      folder: root,
      dataDir,
      progress: (p) => {
        last = p;
        show(p);
      },
    });
    show({ phase: 'done', done: last.total, total: last.total });
    const { albums, songs } = result;
    out(
      `Imported ${result.folder}: ${counted(albums.total, 'album', 'albums')} (${albums.added} added, ${albums.changed} updated, ${albums.removed} removed), ${counted(songs.total, 'song', 'songs')} (${songs.added} added, ${songs.changed} updated, ${songs.removed} removed).`,
    );
    if (result.problems.length > 0) {
      out(
        `${counted(result.problems.length, 'file or folder', 'files or folders')} could not be read and ${result.problems.length === 1 ? 'was' : 'were'} left out:`,
      );
      for (const problem of result.problems) out(`  ${problem}`);
    }
  } finally {
    writer.close();
  }
}
