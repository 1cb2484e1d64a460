// @vitest-environment happy-dom
// Settings → Sources over a stand-in server: lists every source with kind, name and counts; only
// folders and remotes can be removed, and only after the confirm step; a confirmed removal starts the
// job and shows its progress; a refusal is shown and removes nothing; the source filter is read from
// and written to the Browse URL.
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourceDto } from '../../../../src-main/contract/objects';

vi.hoisted(() => {
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', apiKey: 'c'.repeat(41), uiToken: 'ab'.repeat(16) };
});

import SettingsSources from '../../../../src-renderer/src/components/SettingsSources.vue';
import { parseBrowseQuery, toBrowseQuery, hasFilters } from '../../../../src-renderer/src/composables/browse-query';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);

const SOURCES: SourceDto[] = [
  { source_id: 1, kind: 'bundled', name: 'bangumi-data', locator: 'bangumi-data', entries: 8400, subs: 0, added_at: 0, updated_at: 0 },
  { source_id: 2, kind: 'bundled', name: 'demo', locator: 'demo', entries: 8, subs: 39, added_at: 0, updated_at: 0 },
  { source_id: 3, kind: 'folder', name: 'My Music', locator: '/home/me/Music', entries: 2, subs: 5, added_at: 1_700_000_000, updated_at: 1_700_000_500 },
];
const JOB = {
  id: 'j1',
  kind: 'remove-source',
  label: 'My Music',
  status: 'running',
  progress: { phase: 'remove', done: 0, total: 2 },
  startedAt: 1,
  finishedAt: null,
  problems: [],
  result: null,
  error: null,
};

const envelope = (status: number, payload: object = {}, msg: string[] = []) => ({
  response: { information: { parameters: {}, request: '', msg, has_error: status >= 400, error: status >= 400 ? status : 0 }, ...payload },
});
let sent: { url: string; method: string; body: unknown }[];
let answers: { status: number; body: unknown }[];

beforeEach(() => {
  sent = [];
  answers = [];
  setActivePinia(createPinia());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      // The job's poll: it has ended, so the jobs store stops polling.
      if (url.includes('/app/jobs/'))
        return new Response(JSON.stringify(envelope(200, { job: { ...JOB, status: 'done', result: { source_id: 3, entries: 2, subs: 5 } } })));
      const answer = answers.shift() ?? { status: 200, body: envelope(200, { sources: SOURCES, writable: true, job: null }) };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function mounted() {
  answers.push({ status: 200, body: envelope(200, { sources: SOURCES, writable: true, job: null }) });
  const wrapper = mount(SettingsSources, { global: { plugins: [i18n] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

describe('SettingsSources', () => {
  it('lists every source with its kind, name and counts; only the folder has Remove', async () => {
    const wrapper = await mounted();
    const rows = wrapper.findAll('[data-testid="source-row"]');
    expect(rows.map((r) => r.attributes('data-kind'))).toEqual(['bundled', 'bundled', 'folder']);
    expect(rows[0].text()).toContain('bangumi-data (anime)');
    expect(rows[0].text()).toContain('8400 entries');
    expect(rows[1].text()).toContain('Demo music and radio');
    expect(rows[2].text()).toContain('My Music');
    expect(rows[2].text()).toContain('/home/me/Music');
    expect(rows[2].text()).toContain('2 entries · 5 songs and episodes');
    expect(wrapper.findAll('[data-testid="source-remove"]')).toHaveLength(1);
    expect(rows[2].find('[data-testid="source-remove"]').exists()).toBe(true);
  });

  it('asks before removing: Keep sends nothing; Remove starts the job and shows its progress', async () => {
    const wrapper = await mounted();
    await wrapper.find('[data-testid="source-remove"]').trigger('click');
    const confirm = wrapper.find('[data-testid="source-confirm"]');
    expect(confirm.text()).toContain('Remove “My Music” and its 2 entries and 5 songs and episodes');
    expect(document.activeElement).toBe(wrapper.find('[data-testid="source-confirm-remove"]').element);
    await wrapper.find('[data-testid="source-confirm-keep"]').trigger('click');
    expect(wrapper.find('[data-testid="source-confirm"]').exists()).toBe(false);
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);

    await wrapper.find('[data-testid="source-remove"]').trigger('click');
    answers.push({ status: 200, body: envelope(200, { job: JOB }) });
    await wrapper.find('[data-testid="source-confirm-remove"]').trigger('click');
    await flushPromises();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([{ url: 'http://127.0.0.1:4000/app/sources/remove.json', method: 'POST', body: { source_id: 3 } }]);
    expect(wrapper.find('[data-testid="sources-job"]').text()).toContain('Removing “My Music”…');
    expect(wrapper.find('[data-testid="job-progress"]').attributes('data-status')).toBe('running');
    // When the job ends the list is loaded again (here: without the folder) and the result is shown.
    answers.push({ status: 200, body: envelope(200, { sources: SOURCES.slice(0, 2), writable: true, job: null }) });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="sources-summary"]').exists()).toBe(true));
    await flushPromises();
    expect(wrapper.find('[data-testid="sources-summary"]').text()).toBe('“My Music” was removed: 2 entries, 5 songs and episodes.');
    expect(wrapper.findAll('[data-testid="source-row"]')).toHaveLength(2);
  });

  it('shows why the server refused, and keeps the source', async () => {
    const wrapper = await mounted();
    await wrapper.find('[data-testid="source-remove"]').trigger('click');
    answers.push({ status: 409, body: envelope(409, {}, ['Another job is running (import /music); wait for it or cancel it.']) });
    await wrapper.find('[data-testid="source-confirm-remove"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="source-remove-error"]').text()).toContain('Another job is running');
    expect(wrapper.findAll('[data-testid="source-row"]')).toHaveLength(3);
    expect(wrapper.find('[data-testid="sources-job"]').exists()).toBe(false);
  });
});

describe('the Browse source filter in the URL', () => {
  it('reads kinds from `source`, drops unknown ones, and writes them back', () => {
    expect(parseBrowseQuery({ source: 'folder,remote' }).sources).toEqual(['folder', 'remote']);
    expect(parseBrowseQuery({ source: 'folder,podcast' }).sources).toEqual(['folder']);
    expect(parseBrowseQuery({ source: 'bundled,folder,remote' }).sources).toBeUndefined(); // all = none
    expect(parseBrowseQuery({}).sources).toBeUndefined();
    expect(toBrowseQuery({ tags: [], sources: ['remote'], page: 1 })).toEqual({ source: 'remote' });
    expect(hasFilters({ tags: [], sources: ['folder'], page: 1 })).toBe(true);
  });
});

describe('SettingsSources after an import or sync elsewhere in Settings', () => {
  it('loads the sources again when that job ends', async () => {
    await mounted();
    const loads = () => sent.filter((r) => r.url.includes('/app/sources')).length;
    expect(loads()).toBe(1);
    const { useJobsStore } = await import('../../../../src-renderer/src/stores/jobs');
    const jobs = useJobsStore();
    const sync = { ...JOB, id: 'sync-1', kind: 'sync', label: 'http://remote/' };
    jobs.jobs = { [sync.id]: { ...sync, status: 'running' } } as never;
    await flushPromises();
    expect(loads()).toBe(1); // still running: nothing to reload yet
    jobs.jobs = { [sync.id]: { ...sync, status: 'done', finishedAt: 2 } } as never;
    await flushPromises();
    expect(loads()).toBe(2);
  });
});
