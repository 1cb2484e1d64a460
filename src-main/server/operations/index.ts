// Every operation the server answers, in the order /docs lists them.
import { ANIME_DATA_OPERATIONS } from './anime-data';
import { artistDetail } from './artists';
import { CATALOGUE_OPERATIONS } from './catalogue';
import type { Operation } from './define';
import { ENTRY_OPERATIONS } from './entries';
import { EXPLORE_OPERATIONS } from './explore';
import { FAVOURITE_OPERATIONS } from './favourites';
import { FOLLOWING_OPERATIONS } from './following';
import { HISTORY_OPERATIONS } from './history';
import { JOB_OPERATIONS } from './jobs';
import { KEY_OPERATIONS } from './keys';
import { playlist } from './listen';
import { OAUTH_OPERATIONS } from './oauth';
import { PLAYLIST_OPERATIONS } from './playlists';
import { POSTER_OPERATIONS } from './posters';
import { seasonShows } from './season';
import { SESSION_OPERATIONS } from './sessions';
import { status } from './status';
import { SUBSONIC_OPERATIONS } from './subsonic-password';

export const OPERATIONS: readonly Operation[] = [
  ...CATALOGUE_OPERATIONS,
  seasonShows,
  ...ENTRY_OPERATIONS,
  artistDetail,
  playlist,
  ...EXPLORE_OPERATIONS,
  ...FAVOURITE_OPERATIONS,
  ...FOLLOWING_OPERATIONS,
  ...HISTORY_OPERATIONS,
  status,
  ...KEY_OPERATIONS,
  ...SESSION_OPERATIONS,
  ...JOB_OPERATIONS,
  ...POSTER_OPERATIONS,
  ...ANIME_DATA_OPERATIONS,
  ...PLAYLIST_OPERATIONS,
  ...SUBSONIC_OPERATIONS,
  ...OAUTH_OPERATIONS,
];
