// A child process for the kill -9 test: opens the user database and adds favourites in a loop, printing
// each id on its own line only after its insert has committed. The test kills it with SIGKILL mid-loop.
// It yields between writes (so its output reaches the test while it runs) and stops by itself after
// MAX_IDS, so a test that never kills it cannot fill the disk.
import { openUserDb } from '../../../../../src-main/catalogue/user/user-db';

const MAX_IDS = 50_000;
const userDb = openUserDb(process.argv[2]);
let id = 0;

function step(): void {
  id++;
  userDb.addFav(id % 2 === 0 ? 'wiki' : 'sub', id, 1, 1_700_000_000 + id);
  process.stdout.write(`${id}\n`);
  if (id >= MAX_IDS) process.exit(3);
  setImmediate(step);
}
step();
