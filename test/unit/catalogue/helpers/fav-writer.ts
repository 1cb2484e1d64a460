// A child process for the kill -9 test: opens the user database and adds favourites in a loop, printing
// each id on its own line only after its insert has committed. The test kills it with SIGKILL mid-loop.
import { openUserDb } from '../../../../src-main/catalogue/user-db';

const userDb = openUserDb(process.argv[2]);
for (let id = 1; ; id++) {
  userDb.addFav(id % 2 === 0 ? 'wiki' : 'sub', id, 1, 1_700_000_000 + id);
  process.stdout.write(`${id}\n`);
}
