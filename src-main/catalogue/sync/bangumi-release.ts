// bangumi-data's newest release from an npm registry, for the anime data's update (docs/sources.md
// "Anime data"): the registry's metadata names the newest version of the same major as the data in
// use, its tarball and the tarball's integrity hash (SHA-512, as npm checks it); the tarball is
// downloaded to a file, checked against that hash, and only then read: its package/dist/data.json
// becomes the data of a build (bangumi-source.ts), checked to be bangumi-data's shape first.
//
// Every fetch is bounded (origin-fetch.ts): a deadline, the status, the content type and a byte limit
// while streaming; the tarball is fetched only on the registry's own origin (a mirror's metadata
// cannot send Moecat elsewhere). Unpacking is bounded too: data.json at most MAX_DATA_BYTES once
// decompressed, every other file skipped unread.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import Ajv from 'ajv';
import { extract } from 'tar-stream';
import type { BangumiData, BangumiItem } from '../build/bangumi-source';
import type { SiteMeta } from '../build/watch-sites';
import {
  AnswerRefusedError,
  DeadlineError,
  ForeignOriginError,
  fetchOnOrigin,
  httpOriginOf,
  JSON_TYPES,
  readAnswer,
  streamAnswer,
  withDeadline,
} from './origin-fetch';

/** The public npm registry, where bangumi-data is published. */
export const NPM_REGISTRY = 'https://registry.npmjs.org';
export const PACKAGE = 'bangumi-data';

const METADATA_BYTES = 32 * 1024 * 1024;
const TARBALL_BYTES = 64 * 1024 * 1024;
/** data.json decompressed: about 10 MB today. */
export const MAX_DATA_BYTES = 128 * 1024 * 1024;
const METADATA_MS = 30_000;
const TARBALL_MS = 5 * 60_000;

/** A reason the update cannot go on, in words for the user; nothing was changed. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

export interface Release {
  version: string;
  tarball: string;
  /** `sha512-<base64>`, as the registry gives it. */
  integrity: string;
}

/** major.minor.patch (a pre-release or build suffix is ignored for ordering, and such versions are never picked). */
function parts(version: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** -1, 0 or 1 as a is older, the same as or newer than b. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  if (!x || !y) return a === b ? 0 : a < b ? -1 : 1;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/** The registry's address, without a trailing slash; http(s) only, no credentials, query or fragment. */
export function registryOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ReleaseError(`"${url}" is not an address: give the registry as http(s)://host[:port][/path].`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw new ReleaseError(`"${url}" is not a registry address: http or https, without a user, a query or a fragment.`);
  }
  return parsed.toString().replace(/\/+$/, '');
}

/** What went wrong with a fetch, in words for the user. */
function fetchFailure(err: unknown, what: string, registry: string): ReleaseError {
  if (err instanceof ReleaseError) return err;
  if (err instanceof AnswerRefusedError || err instanceof ForeignOriginError) return new ReleaseError(`${what}: ${err.message}.`);
  if (err instanceof DeadlineError) return new ReleaseError(`${what}: ${registry} did not answer in time.`);
  if ((err as Error)?.name === 'AbortError') throw err;
  return new ReleaseError(`${what}: ${registry} cannot be reached (${(err as Error)?.message ?? String(err)}). Check the network, or try again later.`);
}

/**
 * The newest release of the same major as `current` that is newer than it, or undefined when `current`
 * is the newest. A release of another major (a change of the data's shape) is never taken.
 */
export async function newestRelease(registryUrl: string, current: string, signal?: AbortSignal): Promise<Release | undefined> {
  const registry = registryOf(registryUrl);
  const origin = httpOriginOf(registry)!;
  const url = `${registry}/${PACKAGE}`;
  const metadata = await withDeadline(signal, METADATA_MS, async (s) => {
    // The abbreviated metadata npm itself installs from: versions with their dist only.
    const res = await fetchOnOrigin(url, origin, { signal: s, headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' } });
    if (res.status === 404) throw new ReleaseError(`${registry} has no package ${PACKAGE} (404).`);
    if (!res.ok) throw new ReleaseError(`${registry} answered ${res.status} for ${PACKAGE}.`);
    return readAnswer(res, { maxBytes: METADATA_BYTES, types: JSON_TYPES, what: `${PACKAGE}'s metadata` });
  }).catch((err: unknown) => {
    throw fetchFailure(err, `Could not read ${PACKAGE}'s releases`, registry);
  });
  let doc: { versions?: Record<string, { dist?: { tarball?: unknown; integrity?: unknown } }> };
  try {
    doc = JSON.parse(metadata.toString('utf8'));
  } catch {
    throw new ReleaseError(`${registry} answered something that is not the registry's metadata for ${PACKAGE}.`);
  }
  const major = parts(current)?.[0];
  const candidates = Object.keys(doc.versions ?? {}).filter((v) => parts(v)?.[0] === major && compareVersions(v, current) > 0);
  if (candidates.length === 0) return undefined;
  const version = candidates.sort(compareVersions).at(-1)!;
  const dist = doc.versions![version].dist ?? {};
  if (typeof dist.tarball !== 'string' || typeof dist.integrity !== 'string' || !/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(dist.integrity)) {
    throw new ReleaseError(`${registry} gives ${PACKAGE} ${version} without a tarball and a SHA-512 integrity hash: it cannot be checked, so it is not taken.`);
  }
  return { version, tarball: dist.tarball, integrity: dist.integrity };
}

/**
 * Downloads the release's tarball to `file`, checked against its integrity hash as it streams; a
 * tarball that does not match is deleted and refused. `progress` hears the bytes so far and the total
 * (0 when the registry does not say).
 */
export async function downloadRelease(
  registryUrl: string,
  release: Release,
  file: string,
  options: { signal?: AbortSignal; progress?: (done: number, total: number) => void } = {},
): Promise<void> {
  const registry = registryOf(registryUrl);
  const origin = httpOriginOf(registry)!;
  const part = `${file}.part`;
  const hash = createHash('sha512');
  try {
    await withDeadline(options.signal, TARBALL_MS, async (s) => {
      const res = await fetchOnOrigin(release.tarball, origin, { signal: s });
      if (!res.ok) throw new ReleaseError(`${registry} answered ${res.status} for ${PACKAGE} ${release.version}'s tarball.`);
      const total = Number(res.headers.get('content-length') ?? 0) || 0;
      const out = createWriteStream(part);
      let done = 0;
      try {
        await streamAnswer(res, { maxBytes: TARBALL_BYTES, what: `${PACKAGE} ${release.version}'s tarball` }, async (chunk) => {
          hash.update(chunk);
          done += chunk.byteLength;
          if (!out.write(chunk)) await new Promise<void>((drained) => out.once('drain', () => drained()));
          options.progress?.(done, total);
        });
      } finally {
        await new Promise<void>((closed, failed) => out.end((err?: Error | null) => (err ? failed(err) : closed())));
      }
    });
    const got = `sha512-${hash.digest('base64')}`;
    if (got !== release.integrity) {
      throw new ReleaseError(
        `${PACKAGE} ${release.version}'s tarball does not match its integrity hash (it may be cut short or changed on the way): nothing was changed.`,
      );
    }
    await rename(part, file);
  } catch (err) {
    await rm(part, { force: true });
    throw fetchFailure(err, `Could not download ${PACKAGE} ${release.version}`, registry);
  }
}

// bangumi-data's shape as far as the build reads it (bangumi-source.ts, watch-sites.ts).
const DATA_SCHEMA = {
  type: 'object',
  required: ['items', 'siteMeta'],
  properties: {
    siteMeta: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['title', 'type', 'urlTemplate'],
        properties: {
          title: { type: 'string' },
          type: { type: 'string' },
          urlTemplate: { type: 'string' },
          regions: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['title', 'type', 'begin', 'sites'],
        properties: {
          title: { type: 'string' },
          type: { type: 'string' },
          begin: { type: 'string' },
          end: { type: 'string' },
          broadcast: { type: 'string' },
          titleTranslate: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          sites: { type: 'array', items: { type: 'object', required: ['site'], properties: { site: { type: 'string' } } } },
        },
      },
    },
  },
} as const;

/** Reads a downloaded release: its version and data, checked to be bangumi-data's shape. */
export async function readRelease(file: string): Promise<BangumiData> {
  let dataJson: Buffer | undefined;
  let packageJson: Buffer | undefined;
  const unpack = extract();
  unpack.on('entry', (header, stream, next) => {
    const wanted = header.name === 'package/dist/data.json' ? 'data' : header.name === 'package/package.json' ? 'package' : undefined;
    if (!wanted || header.type !== 'file') {
      stream.resume();
      stream.on('end', next);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (data: unknown) => {
      const chunk = data as Buffer;
      size += chunk.length;
      if (size > MAX_DATA_BYTES)
        return stream.destroy(new ReleaseError(`The release's ${header.name} is larger than ${MAX_DATA_BYTES / 1024 / 1024} MiB: it is not bangumi-data.`));
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (wanted === 'data') dataJson = Buffer.concat(chunks);
      else packageJson = Buffer.concat(chunks);
      next();
    });
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), unpack);
  } catch (err) {
    if (err instanceof ReleaseError) throw err;
    throw new ReleaseError(`The release is not a readable package (${(err as Error).message}).`);
  }
  if (!dataJson) throw new ReleaseError(`The release has no dist/data.json: it is not bangumi-data's package.`);
  let data: unknown;
  let version: unknown;
  try {
    data = JSON.parse(dataJson.toString('utf8'));
    version = packageJson ? (JSON.parse(packageJson.toString('utf8')) as { version?: unknown }).version : undefined;
  } catch {
    throw new ReleaseError(`The release's data.json is not JSON.`);
  }
  const validate = new Ajv({ allErrors: false }).compile(DATA_SCHEMA);
  if (!validate(data)) {
    const where = validate.errors?.[0];
    throw new ReleaseError(`The release's data.json is not bangumi-data's shape (${where?.instancePath || 'the whole file'} ${where?.message ?? ''}).`);
  }
  if (typeof version !== 'string' || !parts(version)) throw new ReleaseError(`The release's package.json has no version.`);
  const { items, siteMeta } = data as unknown as { items: BangumiItem[]; siteMeta: Record<string, SiteMeta> };
  return { version, items, siteMeta };
}
