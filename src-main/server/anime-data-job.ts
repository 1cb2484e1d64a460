// The anime data's update as a job of the server (catalogue-jobs.ts; docs/sources.md "Anime data").
// The work — asking the registry, downloading and checking the release, loading the reading
// dictionary and writing the updated catalogue beside the working one — runs in a process of its own,
// `moecat update-catalogue --prepare-only` (cli-anime-data.ts): it takes a core and about a hundred MB
// for some seconds, which the server's own process keeps for its answers. When the file is prepared,
// the server puts it in place itself, in one turn of its event loop (Catalogue.replaceWith), and the
// answer cache is cleared as after every job. A cancelled or failed update changes nothing.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { AnimeDataOutcome } from '../catalogue/upgrade/anime-data';
import type { AnimeDataJobResult, JobProgress } from '../contract/app';
import { ApiError } from './api-error';
import type { JobState } from './catalogue-jobs';

/** How to run this program's command line as another process (the desktop app: Electron run as Node). */
export interface HelperCommand {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** Runs `moecat update-catalogue --prepare-only` and hears it out: its progress, then its outcome. */
function prepareInHelper(
  helper: HelperCommand,
  dataDir: string,
  registry: string,
  signal: AbortSignal,
  progress: (p: JobProgress) => void,
): Promise<AnimeDataOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(helper.command, [...helper.args, 'update-catalogue', '--prepare-only', '--data-dir', dataDir, '--registry', registry], {
      env: helper.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let outcome: AnimeDataOutcome | undefined;
    let error: string | undefined;
    let stderr = '';
    const stop = () => child.kill('SIGTERM');
    signal.addEventListener('abort', stop, { once: true });
    child.stderr.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk.toString('utf8')}`.slice(-2000)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message: { progress?: JobProgress; outcome?: AnimeDataOutcome; error?: string };
      try {
        message = JSON.parse(line);
      } catch {
        return; // not ours (a library's stray line)
      }
      if (message.progress) progress(message.progress);
      if (message.outcome) outcome = message.outcome;
      if (typeof message.error === 'string') error = message.error;
    });
    child.once('error', (err) => reject(new Error(`The update could not start: ${err.message}`)));
    child.once('close', (code) => {
      signal.removeEventListener('abort', stop);
      if (signal.aborted) return reject(signal.reason ?? new Error('The update was cancelled.'));
      if (outcome && code === 0) return resolve(outcome);
      reject(new Error(error ?? `The update stopped (exit ${code}). ${stderr.trim().split('\n').at(-1) ?? ''}`.trim()));
    });
  });
}

/** Starts the anime data's update; 409 while another job runs, 400 on a fixed catalogue file. */
export function startAnimeDataUpdate(app: FastifyInstance, registry: string, helper: HelperCommand | undefined): JobState {
  const working = app.deps.catalogueFile;
  if (!working) throw new ApiError('BAD_PARAMETER', 'This server answers from a fixed catalogue file (--catalogue): its anime data cannot be updated.');
  const { userDb, catalogue, now } = app.deps;
  return app.jobs.startWithoutWriter('anime-data', registry, async ({ signal, progress }): Promise<AnimeDataJobResult> => {
    let outcome: AnimeDataOutcome;
    try {
      if (helper) outcome = await prepareInHelper(helper, dirname(working), registry, signal, progress);
      else {
        // No separate process to run it in (a test's server): the same work, here.
        const { prepareAnimeData } = await import('../catalogue/upgrade/anime-data');
        outcome = await prepareAnimeData({ registry, working, signal, progress });
      }
    } catch (err) {
      rmSync(`${working}.updating`, { force: true });
      throw err;
    }
    const settings = userDb.settings.animeData();
    userDb.settings.setAnimeData({ ...settings, lastCheck: Math.floor(now() / 1000) });
    if (outcome.status === 'current') return { status: 'current', version: outcome.version };
    const { file, ...prepared } = outcome.prepared;
    // Cancelled while the last line came: nothing is put in place.
    if (signal.aborted) {
      rmSync(file, { force: true });
      throw signal.reason ?? new Error('The update was cancelled.');
    }
    catalogue.replaceWith(file);
    // Answers of the old file go now, not when the job ends (an await away): the new file's change
    // counter may read as the old one's did, so the cache would not see it.
    app.answerCache.clear();
    const { forgetOlderReleases } = await import('../catalogue/upgrade/anime-data');
    forgetOlderReleases(working, prepared.version);
    return { status: 'updated', ...prepared };
  });
}

/** A week, in seconds: how often Moecat looks for newer anime data when the user lets it. */
export const WEEK_SECONDS = 7 * 24 * 3600;
const LOOK_EVERY_MS = 6 * 3600 * 1000;
const FIRST_LOOK_MS = 60_000;

/**
 * When the user lets Moecat check weekly: a minute after start and every six hours after, starts the
 * update if the last check is a week old and no other job runs. Its timers never keep the process up.
 */
export function checkWeekly(app: FastifyInstance, helper: HelperCommand | undefined, { firstMs = FIRST_LOOK_MS, everyMs = LOOK_EVERY_MS } = {}): () => void {
  const look = () => {
    const settings = app.deps.userDb.settings.animeData();
    const nowSeconds = Math.floor(app.deps.now() / 1000);
    if (!settings.weekly || !app.deps.catalogueFile || app.jobs.list().some((j) => j.status === 'running')) return;
    if (settings.lastCheck !== null && nowSeconds - settings.lastCheck < WEEK_SECONDS) return;
    try {
      startAnimeDataUpdate(app, settings.registry, helper);
    } catch {
      // another job started meanwhile: the next look tries again
    }
  };
  const first = setTimeout(look, firstMs);
  const every = setInterval(look, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
