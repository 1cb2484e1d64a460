// The user database: API keys, favourites, OAuth tokens and nonces, play history, settings, posters,
// Bangumi's show details, playlists, signed-in browsers, the Subsonic password. WAL mode, migrations keyed on user_version
// (append only: a shipped migration is never edited), a backup before each migration and an integrity
// check at open (database.ts); never touched by a catalogue build. Over 300 lines: the append-only
// migrations are a third of it, and the connection every part shares lives here; each topic of its own
// (playlists, sessions …) has its module.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Db, type DatabaseKind, type OpenOptions } from '../db/database';
import { LOCAL_USER_ID, type UserDto } from '../../contract/objects';
import { userPlaylists, type UserPlaylists } from './user-playlists';
import { userPosters, type UserPosters } from './user-posters';
import { userSessions, type UserSessions } from './user-sessions';
import { userShowDetails, type UserShowDetails } from './user-show-details';
import { userSettings, type UserSettings } from './user-settings';
import { userSubsonic, type UserSubsonic } from './user-subsonic';

const USER_MIGRATIONS: readonly string[] = [
  /* 1 */ `
  CREATE TABLE api_key (
    api_key TEXT PRIMARY KEY CHECK (length(api_key) = 41 AND api_key NOT GLOB '*[^0-9a-f]*'),
    secret TEXT NOT NULL CHECK (length(secret) = 32),
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  ) STRICT;

  CREATE TABLE setting (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;
  `,
  /* 2 */ `
  CREATE TABLE fav (
    fav_id INTEGER PRIMARY KEY AUTOINCREMENT,
    fav_obj_type TEXT NOT NULL CHECK (fav_obj_type IN ('wiki', 'sub')),
    fav_obj_id INTEGER NOT NULL CHECK (fav_obj_id > 0),
    fav_type INTEGER NOT NULL DEFAULT 1 CHECK (fav_type >= 1),
    fav_date INTEGER NOT NULL,
    UNIQUE (fav_obj_type, fav_obj_id)
  ) STRICT;
  CREATE INDEX fav_by_date ON fav (fav_obj_type, fav_date DESC, fav_id DESC);
  `,
  /* 3: OAuth 1.0a (RFC 5849). The consumer is an API key (its secret is the consumer secret). */ `
  CREATE TABLE oauth_token (
    token TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('request', 'access')),
    api_key TEXT NOT NULL REFERENCES api_key (api_key),
    -- Request tokens: where to send the user after approval ('oob' = show the verifier).
    callback TEXT,
    verifier TEXT,
    -- Request tokens: 'pending' until the user answers; access tokens stay 'approved'.
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'used')),
    created_at INTEGER NOT NULL,
    approved_at INTEGER,
    last_used_at INTEGER,
    revoked_at INTEGER
  ) STRICT;
  CREATE INDEX oauth_token_by_key ON oauth_token (api_key, kind);

  -- Nonces seen inside the timestamp window (older rows are pruned); a repeat is a replay.
  CREATE TABLE oauth_nonce (
    api_key TEXT NOT NULL,
    token TEXT NOT NULL DEFAULT '',
    nonce TEXT NOT NULL,
    timestamp INTEGER NOT NULL,
    PRIMARY KEY (api_key, token, nonce, timestamp)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX oauth_nonce_by_time ON oauth_nonce (timestamp);
  `,
  /* 4: what the user played, newest first (Recently played). */ `
  CREATE TABLE play_history (
    play_id INTEGER PRIMARY KEY AUTOINCREMENT,
    sub_id INTEGER NOT NULL CHECK (sub_id > 0),
    wiki_id INTEGER NOT NULL CHECK (wiki_id > 0),
    played_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX play_history_by_time ON play_history (played_at DESC, play_id DESC);
  CREATE INDEX play_history_by_sub ON play_history (sub_id);
  `,
  /* 5: anime posters fetched from Bangumi (user-posters.ts), by Bangumi id so they outlive catalogue builds. */ `
  CREATE TABLE poster (
    bgm_id INTEGER PRIMARY KEY CHECK (bgm_id > 0),
    -- The saved picture's folder under covers/; NULL when Bangumi has no poster (not asked again).
    cover_file TEXT CHECK (cover_file IS NULL OR (length(cover_file) = 40 AND cover_file NOT GLOB '*[^0-9a-f]*')),
    fetched_at INTEGER NOT NULL
  ) STRICT;
  `,
  /* 6: playlists (user-playlists.ts): songs and episodes by catalogue id, in the user's order. */ `
  CREATE TABLE playlist (
    playlist_id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE playlist_item (
    playlist_id INTEGER NOT NULL REFERENCES playlist (playlist_id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    sub_id INTEGER NOT NULL CHECK (sub_id > 0),
    PRIMARY KEY (playlist_id, position)
  ) STRICT, WITHOUT ROWID;
  `,
  /* 7: signed-in browsers (user-sessions.ts): only a hash of each session token. */ `
  CREATE TABLE ui_session (
    session_id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
  ) STRICT;
  `,
  /* 8: what Bangumi says of each show (user-show-details.ts), by Bangumi id so it outlives catalogue builds. */ `
  CREATE TABLE show_details (
    bgm_id INTEGER PRIMARY KEY CHECK (bgm_id > 0),
    -- 0 when Bangumi has no such show (a 404): kept, so it is not asked again.
    found INTEGER NOT NULL CHECK (found IN (0, 1)),
    summary TEXT NOT NULL DEFAULT '',
    -- NULL when Bangumi gives no count.
    episode_count INTEGER CHECK (episode_count IS NULL OR episode_count > 0),
    fetched_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE show_episode (
    bgm_id INTEGER NOT NULL REFERENCES show_details (bgm_id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    sort REAL NOT NULL,
    ep REAL,
    -- A day in Japan; NULL when Bangumi gives none.
    airdate TEXT CHECK (airdate IS NULL OR airdate GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    name TEXT NOT NULL,
    name_cn TEXT NOT NULL,
    PRIMARY KEY (bgm_id, position)
  ) STRICT, WITHOUT ROWID;
  `,
  /* 9: the password Subsonic players sign in with (user-subsonic.ts); one row at most. */ `
  CREATE TABLE subsonic_password (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    password TEXT NOT NULL CHECK (length(password) BETWEEN 1 AND 1000),
    set_at INTEGER NOT NULL
  ) STRICT;
  `,
];

export const USER_DB_KIND: DatabaseKind = {
  label: 'user database',
  applicationId: 0x4d6f6555, // 'MoeU'
  migrations: USER_MIGRATIONS,
  remedy: 'Move it aside (your favourites and keys are in it; never delete it) and start Moecat again to create a new one.',
  precious: true,
};

export type FavObjType = 'wiki' | 'sub';

/** A favourite as stored: it names a catalogue id (stable across rebuilds), never a row. */
export interface Fav {
  fav_id: number;
  fav_obj_id: number;
  fav_obj_type: FavObjType;
  fav_uid: number;
  fav_date: number;
  fav_type: number;
}

/** Recently played keeps at most this many plays; older ones are pruned as new ones come. */
export const MAX_PLAYS = 1000;

/** A play as stored: a catalogue sub id (stable across rebuilds), its entry, and when it started. */
export interface Play {
  play_id: number;
  sub_id: number;
  wiki_id: number;
  played_at: number;
}

export interface UserProfile {
  /** Seconds: when this user data began (its first API key, made at the first start). */
  since: number;
  /** Seconds: the latest play or favourite; `since` when there is none. */
  lastActivity: number;
  favWikis: number;
  favSubs: number;
  plays: number;
}

/** The local user as /user/detail describes them (UserDto): only what the user data knows. */
export function toUserDto(profile: UserProfile, site: string): UserDto {
  return {
    uid: LOCAL_USER_ID,
    user_name: 'local',
    user_nickname: 'local',
    user_registered: profile.since,
    user_lastactivity: profile.lastActivity,
    user_avatar: { small: '', medium: '', large: '' },
    user_url: `${site}/favourites`,
    user_fav_wiki_count: profile.favWikis,
    user_fav_sub_count: profile.favSubs,
    user_play_count: profile.plays,
  };
}

export interface ApiKey {
  key: string;
  secret: string;
  name: string;
  createdAt: number;
  revokedAt: number | null;
}

/** 41 lower-case hex characters, as Moefou API keys are. */
export function newApiKey(): string {
  return randomBytes(21).toString('hex').slice(0, 41);
}

export function newSecret(): string {
  return randomBytes(16).toString('hex');
}

export interface UserDb {
  readonly db: Db;
  createKey(name: string, now?: number): ApiKey;
  listKeys(): ApiKey[];
  /** True when the key existed and was active. */
  revokeKey(key: string, now?: number): boolean;
  isActiveKey(key: string): boolean;
  /** The first active key, created (named 'Default') when there is none. */
  defaultKey(): ApiKey;
  /** The new favourite, or undefined when the object is already a favourite (nothing written). */
  addFav(type: FavObjType, objId: number, favType: number, now?: number): Fav | undefined;
  /** The removed favourite, or undefined when there was none. */
  deleteFav(type: FavObjType, objId: number): Fav | undefined;
  findFav(type: FavObjType, objId: number): Fav | undefined;
  /** Newest first. */
  listFavs(type: FavObjType, limit: number, offset: number): { count: number; favs: Fav[] };
  /** The ids of every favourite of `type`, newest first. */
  favIds(type: FavObjType): number[];
  /**
   * A text that changes whenever a favourite is added or removed, by this process or another: answers that
   * show favourites (the OpenSubsonic face's `starred`) are kept under it.
   */
  favsStamp(): string;
  /** Per entry, how many of the kept plays were of its sub-entries; most played first. */
  playsByWiki(): { wikiId: number; plays: number }[];
  /** What the user data knows of its user: since when it exists, its last activity, its counts. */
  profile(): UserProfile;
  /** Records a play and prunes the oldest beyond MAX_PLAYS. */
  addPlay(subId: number, wikiId: number, now?: number): Play;
  /** Each sub-entry once, at its latest play, newest first; `count` = distinct sub-entries. */
  listPlays(limit: number, offset: number): { count: number; plays: Play[] };
  /** Forgets every play; answers how many were removed. */
  clearPlays(): number;
  /** Reminders, posters, the calendar feed's token (user-settings.ts). */
  readonly settings: UserSettings;
  /** Anime posters fetched from Bangumi (user-posters.ts). */
  readonly posters: UserPosters;
  /** Shows' summaries and episodes from Bangumi (user-show-details.ts). */
  readonly showDetails: UserShowDetails;
  /** The user's playlists (user-playlists.ts). */
  readonly playlists: UserPlaylists;
  /** Signed-in browsers (user-sessions.ts). */
  readonly sessions: UserSessions;
  /** The password Subsonic players sign in with (user-subsonic.ts). */
  readonly subsonic: UserSubsonic;
  close(): void;
}

const KEY_COLUMNS = 'api_key AS key, secret, name, created_at AS createdAt, revoked_at AS revokedAt';

/** How long a key found active is trusted before `PRAGMA data_version` is read again (ms). */
export const KEY_RECHECK_MS = 250;

/**
 * Every API-key request asks whether its key is active; the SQLite look-up was a tenth of the server's
 * time per cached answer. Keys found active are remembered; the memory is dropped when this connection
 * revokes a key (revokeKey calls forget(): whatever makes a key inactive here must) and when another
 * connection — `moecat keys revoke` in another process — has written the file, which
 * `PRAGMA data_version` tells. Reading it costs about as much as the look-up itself, so it is read at
 * most every KEY_RECHECK_MS: a revocation from another process takes effect within that time. Unknown
 * or revoked keys are never remembered (a flood of made-up keys cannot grow the set).
 */
function activeKeyCache(db: Db, lookUp: (key: string) => boolean) {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const known = new Set<string>();
  let version = dataVersion.get() as number;
  let checkedAt = performance.now();
  return {
    isActive(key: string): boolean {
      const now = performance.now();
      if (now - checkedAt >= KEY_RECHECK_MS) {
        checkedAt = now;
        const current = dataVersion.get() as number;
        if (current !== version) {
          version = current;
          known.clear();
        }
      }
      if (known.has(key)) return true;
      if (!lookUp(key)) return false;
      if (known.size >= 1000) known.clear();
      known.add(key);
      return true;
    },
    forget(): void {
      known.clear();
    },
  };
}

export function openUserDb(file: string, options: Omit<OpenOptions, 'readonly'> = {}): UserDb {
  const db = openDatabase(file, USER_DB_KIND, options);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const insertKey = db.prepare('INSERT INTO api_key (api_key, secret, name, created_at) VALUES (?, ?, ?, ?)');
  const listKeys = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_key ORDER BY created_at, api_key`);
  const firstActive = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_key WHERE revoked_at IS NULL ORDER BY created_at, api_key LIMIT 1`);
  const revoke = db.prepare('UPDATE api_key SET revoked_at = ? WHERE api_key = ? AND revoked_at IS NULL');
  const active = db.prepare('SELECT 1 FROM api_key WHERE api_key = ? AND revoked_at IS NULL').pluck();
  const keys = activeKeyCache(db, (key) => active.get(key) !== undefined);
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  // In FavDto's order; every favourite is the local user's.
  const FAV_COLUMNS = `fav_id, fav_obj_id, fav_obj_type, ${LOCAL_USER_ID} AS fav_uid, fav_date, fav_type`;
  const insertFav = db.prepare(`INSERT INTO fav (fav_obj_type, fav_obj_id, fav_type, fav_date) VALUES (?, ?, ?, ?)
    ON CONFLICT (fav_obj_type, fav_obj_id) DO NOTHING RETURNING ${FAV_COLUMNS}`);
  const removeFav = db.prepare(`DELETE FROM fav WHERE fav_obj_type = ? AND fav_obj_id = ? RETURNING ${FAV_COLUMNS}`);
  const favByObj = db.prepare(`SELECT ${FAV_COLUMNS} FROM fav WHERE fav_obj_type = ? AND fav_obj_id = ?`);
  const favPage = db.prepare(`SELECT ${FAV_COLUMNS} FROM fav WHERE fav_obj_type = ? ORDER BY fav_date DESC, fav_id DESC LIMIT ? OFFSET ?`);
  const favCount = db.prepare('SELECT count(*) FROM fav WHERE fav_obj_type = ?').pluck();
  const PLAY_COLUMNS = 'play_id, sub_id, wiki_id, played_at';
  const insertPlay = db.prepare(`INSERT INTO play_history (sub_id, wiki_id, played_at) VALUES (?, ?, ?) RETURNING ${PLAY_COLUMNS}`);
  const prunePlays = db.prepare(`DELETE FROM play_history WHERE play_id IN
    (SELECT play_id FROM play_history ORDER BY played_at DESC, play_id DESC LIMIT -1 OFFSET ${MAX_PLAYS})`);
  // At most MAX_PLAYS rows, so ranking them all per request stays cheap.
  const latestPlays = db.prepare(`SELECT ${PLAY_COLUMNS} FROM (SELECT ${PLAY_COLUMNS},
      row_number() OVER (PARTITION BY sub_id ORDER BY played_at DESC, play_id DESC) AS nth FROM play_history)
    WHERE nth = 1 ORDER BY played_at DESC, play_id DESC LIMIT ? OFFSET ?`);
  const playedSubs = db.prepare('SELECT count(DISTINCT sub_id) FROM play_history').pluck();
  const deletePlays = db.prepare('DELETE FROM play_history');
  const favIds = db.prepare('SELECT fav_obj_id FROM fav WHERE fav_obj_type = ? ORDER BY fav_date DESC, fav_id DESC').pluck();
  // fav_id is AUTOINCREMENT (never used again) and a favourite is never updated, only added or removed: the
  // count and the highest id name the set — a set with the same count and no newer id is the same set.
  const favsStamp = db.prepare("SELECT count(*) || ' ' || coalesce(max(fav_id), 0) FROM fav").pluck();
  const playsByWiki = db.prepare('SELECT wiki_id AS wikiId, count(*) AS plays FROM play_history GROUP BY wiki_id ORDER BY plays DESC, max(played_at) DESC');
  const profile = db.prepare(`SELECT
      (SELECT min(created_at) FROM api_key) AS since,
      max((SELECT coalesce(max(played_at), 0) FROM play_history), (SELECT coalesce(max(fav_date), 0) FROM fav)) AS lastActivity,
      (SELECT count(*) FROM fav WHERE fav_obj_type = 'wiki') AS favWikis,
      (SELECT count(*) FROM fav WHERE fav_obj_type = 'sub') AS favSubs,
      (SELECT count(*) FROM play_history) AS plays`);
  const addPlay = db.transaction((subId: number, wikiId: number, now: number) => {
    const play = insertPlay.get(subId, wikiId, now) as Play;
    prunePlays.run();
    return play;
  });

  const createKey = (name: string, now = nowSeconds()): ApiKey => {
    const key: ApiKey = { key: newApiKey(), secret: newSecret(), name, createdAt: now, revokedAt: null };
    insertKey.run(key.key, key.secret, key.name, key.createdAt);
    return key;
  };
  return {
    db,
    createKey,
    listKeys: () => listKeys.all() as ApiKey[],
    revokeKey: (key, now = nowSeconds()) => {
      keys.forget();
      return revoke.run(now, key).changes === 1;
    },
    isActiveKey: (key) => keys.isActive(key),
    defaultKey: () => (firstActive.get() as ApiKey | undefined) ?? createKey('Default'),
    addFav: (type, objId, favType, now = nowSeconds()) => insertFav.get(type, objId, favType, now) as Fav | undefined,
    deleteFav: (type, objId) => removeFav.get(type, objId) as Fav | undefined,
    findFav: (type, objId) => favByObj.get(type, objId) as Fav | undefined,
    listFavs: (type, limit, offset) => ({ count: favCount.get(type) as number, favs: favPage.all(type, limit, offset) as Fav[] }),
    favIds: (type) => favIds.all(type) as number[],
    favsStamp: () => favsStamp.get() as string,
    playsByWiki: () => playsByWiki.all() as { wikiId: number; plays: number }[],
    profile() {
      const row = profile.get() as Omit<UserProfile, 'since'> & { since: number | null };
      const since = row.since ?? nowSeconds();
      return { ...row, since, lastActivity: Math.max(row.lastActivity, since) };
    },
    addPlay: (subId, wikiId, now = nowSeconds()) => addPlay(subId, wikiId, now),
    listPlays: (limit, offset) => ({ count: playedSubs.get() as number, plays: latestPlays.all(limit, offset) as Play[] }),
    clearPlays: () => deletePlays.run().changes,
    settings: userSettings(db),
    posters: userPosters(db),
    showDetails: userShowDetails(db),
    playlists: userPlaylists(db),
    sessions: userSessions(db),
    subsonic: userSubsonic(db),
    close: () => db.close(),
  };
}
