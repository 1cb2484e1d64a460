// bangumi-data's releases from a registry (a fake one on 127.0.0.1): the newest of the same major is
// found, downloaded and checked against its integrity hash, and read; every way it can go wrong is
// refused with a sentence and leaves no file behind.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareVersions, downloadRelease, newestRelease, readRelease, registryOf, ReleaseError } from '../../../../src-main/catalogue/sync/bangumi-release';
import { CURRENT_VERSION, fakeRegistry, NEXT_DATA, NEXT_VERSION, packRelease, releaseOf, type FakeRegistryOptions } from '../../../fixtures/fake-registry';
import { closedPort } from '../../../fixtures/sync-remote';
import { tempDir } from '../../../fixtures/temp-dir';

let registry: Awaited<ReturnType<typeof fakeRegistry>> | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function serve(options: Partial<FakeRegistryOptions> = {}) {
  registry = await fakeRegistry({ releases: { [NEXT_VERSION]: await releaseOf(NEXT_DATA) }, ...options });
  return registry;
}

const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReleaseError);
  return (err as Error).message;
};

describe('newestRelease()', () => {
  it('finds the newest release of the same major, never another major or an older one', async () => {
    const r = await fakeRegistry({
      releases: {
        '0.3.199': await releaseOf(NEXT_DATA),
        [NEXT_VERSION]: await releaseOf(NEXT_DATA),
        '0.3.300-beta.1': await releaseOf(NEXT_DATA),
        '1.0.0': await releaseOf(NEXT_DATA),
      },
    });
    registry = r;
    const found = await newestRelease(r.url, CURRENT_VERSION);
    expect(found).toMatchObject({
      version: NEXT_VERSION,
      tarball: `${r.url}/bangumi-data/-/bangumi-data-${NEXT_VERSION}.tgz`,
      integrity: expect.stringMatching(/^sha512-/),
    });
    expect(await newestRelease(r.url, NEXT_VERSION)).toBeUndefined();
  });

  it('refuses, saying why: no network, no such package, a server error, garbage', async () => {
    expect(await refusal(newestRelease(`http://127.0.0.1:${await closedPort()}`, CURRENT_VERSION))).toMatch(/cannot be reached/);
    expect(await refusal(newestRelease((await serve({ metadata: 404 })).url, CURRENT_VERSION))).toMatch(/has no package bangumi-data \(404\)/);
    await registry!.close();
    expect(await refusal(newestRelease((await serve({ metadata: 500 })).url, CURRENT_VERSION))).toMatch(/answered 500/);
    await registry!.close();
    expect(await refusal(newestRelease((await serve({ metadata: 'garbage' })).url, CURRENT_VERSION))).toMatch(/not the registry's metadata/);
  });

  it('takes only plain http(s) registry addresses', () => {
    expect(registryOf('https://registry.npmjs.org/')).toBe('https://registry.npmjs.org');
    for (const bad of ['ftp://x', 'file:///etc', 'https://user:pw@x', 'https://x/?a=1', 'not a url']) expect(() => registryOf(bad), bad).toThrow(ReleaseError);
  });
});

describe('downloadRelease()', () => {
  const download = async (options: Partial<FakeRegistryOptions>) => {
    const r = await serve(options);
    const release = (await newestRelease(r.url, CURRENT_VERSION))!;
    const dir = tempDir('moecat-release-');
    const file = join(dir, 'release.tgz');
    return { r, dir, file, work: downloadRelease(r.url, release, file) };
  };

  it('downloads the tarball checked against its hash, and reads bangumi-data from it', async () => {
    const { file, work } = await download({});
    await work;
    const data = await readRelease(file);
    expect(data.version).toBe(NEXT_VERSION);
    expect(data.items).toHaveLength(NEXT_DATA.items.length);
    expect(data.siteMeta).toEqual(NEXT_DATA.siteMeta);
  });

  it.each([
    ['a tarball that does not match its hash', { tarball: 'wrong-hash' }, /does not match its integrity hash/],
    ['a tarball cut short', { tarball: 'truncated' }, /download|cannot be reached|integrity/],
    ['a tarball that never ends', { tarball: 'endless' }, /larger than 64 MiB/],
    ['a tarball that is not there', { tarball: 404 }, /answered 404/],
    ['a tarball on another origin', { tarballElsewhere: 'http://127.0.0.1:9' }, /not on http:\/\/127\.0\.0\.1/],
  ] as const)('refuses %s, and leaves no file', async (_what, options, message) => {
    const { dir, work } = await download(options as Partial<FakeRegistryOptions>);
    expect(await refusal(work)).toMatch(message);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('readRelease()', () => {
  const fileOf = (bytes: Buffer) => {
    const file = join(tempDir('moecat-release-'), 'release.tgz');
    writeFileSync(file, bytes);
    return file;
  };

  it.each([
    ['a package without dist/data.json', () => packRelease(NEXT_VERSION), /no dist\/data\.json/],
    ['data.json that is not JSON', () => packRelease(NEXT_VERSION, { data: '{"items": [' }), /not JSON/],
    [
      'data.json of another shape',
      () => packRelease(NEXT_VERSION, { data: JSON.stringify({ items: [{ name: 'x' }], siteMeta: {} }) }),
      /not bangumi-data's shape/,
    ],
    ['data.json without items', () => packRelease(NEXT_VERSION, { data: JSON.stringify({ items: [], siteMeta: {} }) }), /not bangumi-data's shape/],
    [
      'a package without a version',
      () => packRelease(NEXT_VERSION, { data: JSON.stringify({ items: NEXT_DATA.items, siteMeta: {} }), packageJson: '{}' }),
      /no version/,
    ],
    ['bytes that are no tarball', async () => Buffer.from('not gzip at all'), /not a readable package/],
  ])('refuses %s', async (_what, make, message) => {
    expect(await refusal(readRelease(fileOf(await make())))).toMatch(message);
  });
});

describe('compareVersions()', () => {
  it('orders versions by number, not by text', () => {
    expect(compareVersions('0.3.210', '0.3.99')).toBe(1);
    expect(compareVersions('0.3.9', '0.3.10')).toBe(-1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  });
});
