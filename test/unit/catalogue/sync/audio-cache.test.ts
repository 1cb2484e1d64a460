// The synced-audio cache's bookkeeping: oldest files out first, never a file in use by the run or one
// whose origin is unknown, nothing that cannot fit, names from md5 or the remote id, and leftovers of
// interrupted downloads cleared.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioCache, audioCacheDir } from '../../../../src-main/catalogue/sync/audio-cache';

let cacheDir: string;

/** A cached file of `bytes` bytes downloaded at `seconds`, with its sidecar unless told otherwise. */
function cached(name: string, bytes: number, seconds: number, sidecar = true): void {
  const dir = audioCacheDir(cacheDir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), Buffer.alloc(bytes));
  utimesSync(join(dir, name), seconds, seconds);
  if (sidecar) writeFileSync(join(dir, name.replace(/\.mp3$/, '.json')), JSON.stringify({ uri: `/x/${name}`, url: `http://remote/${name}` }));
}

beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'moecat-audio-cache-'));
});
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('AudioCache', () => {
  it('evicts the oldest files first, never one the run uses, and says when a file cannot fit', () => {
    cached('b.mp3', 100, 2_000);
    cached('a.mp3', 100, 1_000);
    cached('c.mp3', 100, 3_000);
    const cache = new AudioCache(cacheDir, 300);
    expect(cache.size).toBe(300);
    expect(cache.planRoom(100, true)).toEqual(['a.mp3']);
    expect(cache.planRoom(150, true)).toEqual(['a.mp3', 'b.mp3']);
    cache.use('a.mp3');
    expect(cache.planRoom(100, true)).toEqual(['b.mp3']);
    expect(cache.planRoom(100, false)).toBeUndefined(); // full, and not allowed to evict
    expect(cache.planRoom(301, true)).toBeUndefined(); // larger than the cap
    cache.use('b.mp3');
    cache.use('c.mp3');
    expect(cache.planRoom(1, true)).toBeUndefined(); // everything is in use
  });

  it('never evicts a file whose origin (sidecar) is unknown', () => {
    cached('old.mp3', 100, 1_000, false);
    cached('new.mp3', 100, 2_000);
    const cache = new AudioCache(cacheDir, 200);
    expect(cache.planRoom(100, true)).toEqual(['new.mp3']);
  });

  it('commits a download with its origin, and deletes evicted files after the fact unless fetched again', () => {
    cached('a.mp3', 100, 1_000);
    const cache = new AudioCache(cacheDir, 150);
    const victims = cache.planRoom(100, true)!;
    expect(victims).toEqual(['a.mp3']);
    expect(cache.origin('a.mp3')).toEqual({ uri: '/x/a.mp3', url: 'http://remote/a.mp3' });
    writeFileSync(cache.partFile('n.mp3'), Buffer.alloc(100));
    cache.release(victims);
    cache.commit('n.mp3', { uri: '/y/n.mp3', url: 'http://remote/n.mp3' });
    expect(cache.has('n.mp3')).toBe(true);
    expect(cache.has('a.mp3')).toBe(false);
    expect(cache.size).toBe(100);
    expect(existsSync(join(audioCacheDir(cacheDir), 'a.mp3'))).toBe(true); // still there until the rows point away
    cache.remove(victims);
    expect(existsSync(join(audioCacheDir(cacheDir), 'a.mp3'))).toBe(false);
    expect(existsSync(join(audioCacheDir(cacheDir), 'a.json'))).toBe(false);
    expect(cache.origin('n.mp3')).toEqual({ uri: '/y/n.mp3', url: 'http://remote/n.mp3' });
    cache.remove(['n.mp3']); // in the cache again: kept
    expect(cache.has('n.mp3') && existsSync(join(audioCacheDir(cacheDir), 'n.mp3'))).toBe(true);
  });

  it('clears downloads an interruption left, and names files by md5 or by the remote sub-entry', () => {
    mkdirSync(audioCacheDir(cacheDir), { recursive: true });
    writeFileSync(join(audioCacheDir(cacheDir), 'x.mp3.part'), 'half');
    const cache = new AudioCache(cacheDir, 1000);
    expect(existsSync(join(audioCacheDir(cacheDir), 'x.mp3.part'))).toBe(false);
    expect(cache.size).toBe(0);
    expect(AudioCache.nameFor('3EF597F0F58079DE54CFCA7575599CFD', '51000101')).toBe('3ef597f0f58079de54cfca7575599cfd.mp3');
    expect(AudioCache.nameFor('', '51000801')).toBe('sub-51000801.mp3');
    expect(AudioCache.nameFor('not-an-md5', '../../etc')).toBe('sub-______etc.mp3');
    expect(AudioCache.uriOf('a.mp3')).toBe('/cache/a.mp3');
  });
});
