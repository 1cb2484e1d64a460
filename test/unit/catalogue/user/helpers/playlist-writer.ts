// A child process for the kill -9 test of playlists: makes a playlist, then appends one song at a time
// (each change rewrites the whole order in one transaction), printing the length only after it has
// committed. The test kills it with SIGKILL mid-loop. Stops by itself after MAX_ITEMS.
import { openUserDb } from '../../../../../src-main/catalogue/user/user-db';

const MAX_ITEMS = 4000;
const userDb = openUserDb(process.argv[2]);
const { playlist_id: id } = userDb.playlists.create('Killed mid-loop');
const items: number[] = [];

function step(): void {
  items.push(items.length + 1);
  userDb.playlists.setItems(id, items);
  process.stdout.write(`${items.length}\n`);
  if (items.length >= MAX_ITEMS) process.exit(3);
  setImmediate(step);
}
step();
