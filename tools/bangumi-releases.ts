// bangumi-data releases made on this machine, as npm packs them (package/package.json and
// package/dist/data.json, gzipped), and the installed bangumi-data's next release as the real data would
// change: for the anime data's update in the tests' fake registry and in `npm run bench`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import type { BangumiData, BangumiItem } from '../src-main/catalogue/build/bangumi-source';

/** A release's files as npm packs them; `data` left out makes a package without dist/data.json. */
export async function packRelease(version: string, files: { data?: string; packageJson?: string } = {}): Promise<Buffer> {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on('data', (c: unknown) => chunks.push(c as Buffer));
  const done = new Promise<void>((resolve) => tar.on('end', () => resolve()));
  tar.entry({ name: 'package/package.json' }, files.packageJson ?? JSON.stringify({ name: 'bangumi-data', version }));
  tar.entry({ name: 'package/README.md' }, '# bangumi-data\n');
  if (files.data !== undefined) tar.entry({ name: 'package/dist/data.json' }, files.data);
  tar.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

export const releaseOf = (data: BangumiData) => packRelease(data.version, { data: JSON.stringify({ siteMeta: data.siteMeta, items: data.items }) });

/** The pinned bangumi-data, as installed. */
export function installedBangumiData(): BangumiData {
  const require = createRequire(import.meta.url);
  const version = (JSON.parse(readFileSync(require.resolve('bangumi-data/package.json'), 'utf8')) as { version: string }).version;
  const data = JSON.parse(readFileSync(require.resolve('bangumi-data/dist/data.json'), 'utf8')) as Omit<BangumiData, 'version'>;
  return { version, items: data.items, siteMeta: data.siteMeta };
}

/** The next patch version of `version`. */
export const nextPatch = (version: string) => version.replace(/(\d+)$/, (n) => String(Number(n) + 1));

/**
 * The installed bangumi-data's next release, as the real data would change at `now` (Unix ms): one
 * new show that began the day before with a weekly slot, and the first show airing at `now` given an
 * end the week before. Answers the release and both shows.
 */
export function nextRealRelease(now: number): { data: BangumiData; added: BangumiItem; ended: BangumiItem } {
  const installed = installedBangumiData();
  const day = 24 * 3600 * 1000;
  const begin = new Date(now - day).toISOString();
  const added: BangumiItem = {
    title: '新しい放送テスト',
    titleTranslate: { en: ['Fresh Broadcast Test'] },
    type: 'tv',
    begin,
    broadcast: `R/${begin}/P7D`,
    end: '',
    sites: [{ site: 'bangumi', id: '49999999' }],
  };
  const airing = installed.items.find(
    (item) => item.type === 'tv' && /\/P7D$/.test(item.broadcast ?? '') && !item.end && Date.parse(item.begin) < now - 30 * day,
  )!;
  const ended = { ...airing, end: new Date(now - 7 * day).toISOString() };
  return {
    data: { ...installed, version: nextPatch(installed.version), items: [...installed.items.map((item) => (item === airing ? ended : item)), added] },
    added,
    ended,
  };
}
