// @vitest-environment happy-dom
// JobProgressBar: a job's phase, counts and current item while it runs (an indeterminate bar while the
// total is unknown), how it ended, Cancel, and the same in another UI language.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobInfo } from '../../../../src-renderer/src/api/jobs';
import { jobInfo } from '../../../fixtures/job-info';
import JobProgressBar from '../../../../src-renderer/src/components/JobProgressBar.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
afterEach(() => {
  i18n.global.locale.value = 'en';
});

const job = (over: Partial<JobInfo> = {}): JobInfo =>
  jobInfo({ label: '/home/me/Music', progress: { phase: 'read', done: 3, total: 12, current: 'Album/03 Song.mp3' }, ...over });

const render = (j: JobInfo, props: Record<string, unknown> = {}) => mount(JobProgressBar, { props: { job: j, ...props }, global: { plugins: [i18n] } });

describe('JobProgressBar', () => {
  it('shows the phase, the counts and the file being read, with the bar at that fraction', () => {
    const w = render(job());
    const bar = w.get('[role="progressbar"]');
    expect(bar.attributes()).toMatchObject({
      'aria-label': 'Progress of /home/me/Music',
      'aria-valuemin': '0',
      'aria-valuemax': '12',
      'aria-valuenow': '3',
      'aria-valuetext': 'Reading files 3 of 12',
    });
    expect(w.get('.phase').text()).toBe('Reading files');
    expect(w.get('[data-testid="job-counts"]').text()).toBe('3 of 12');
    expect(w.get('.current').text()).toBe('Album/03 Song.mp3');
    expect(w.get('.fill').attributes('style')).toContain('width: 25%');
  });

  it('is indeterminate while the total is not known, counting what was found', () => {
    const w = render(job({ progress: { phase: 'scan', done: 40, total: 0 } }));
    const bar = w.get('[role="progressbar"]');
    expect(bar.attributes('aria-valuenow')).toBeUndefined();
    expect(bar.classes()).toContain('indeterminate');
    expect(w.get('[data-testid="job-counts"]').text()).toBe('40 found');
  });

  it.each([
    ['done', {}, 'Finished'],
    ['cancelled', {}, 'Cancelled: what was written so far is kept.'],
    ['failed', { error: 'The folder /x does not exist.' }, 'Failed: The folder /x does not exist.'],
  ] as const)('says how it ended (%s), full bar, no Cancel', (status, extra, text) => {
    const w = render(job({ status, ...extra }));
    expect(w.get('.phase').text()).toBe(text);
    expect(w.get('[role="status"]').text()).toBe(text);
    expect(w.get('.fill').attributes('style')).toContain('width: 100%');
    expect(w.find('.cancel').exists()).toBe(false);
    expect(w.find('[data-testid="job-counts"]').exists()).toBe(false);
  });

  it('emits cancel, and shows why polling or cancelling failed', async () => {
    const w = render(job(), { pollError: 'The Moecat server cannot be reached.', cancelError: 'Job j1 is not running.' });
    await w.get('.cancel').trigger('click');
    expect(w.emitted('cancel')).toHaveLength(1);
    expect(w.text()).toContain('No news from the server: The Moecat server cannot be reached.');
    expect(w.text()).toContain('Could not cancel: Job j1 is not running.');
  });

  it('speaks the UI language', () => {
    i18n.global.locale.value = 'ja';
    const w = render(job());
    expect(w.get('.phase').text()).toBe('ファイルを読み取り中');
    expect(w.get('.cancel').text()).toBe('キャンセル');
  });
});
