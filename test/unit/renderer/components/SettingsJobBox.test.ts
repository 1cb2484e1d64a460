// @vitest-environment happy-dom
// SettingsJobBox: the job's label and progress bar, the section's summary in the slot, the problems it
// could not handle (paths in monospace, a "more" line when the list is cut), Cancel passed up, and no
// Cancel for a job that cannot be cancelled.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobInfo } from '../../../../src-renderer/src/api/jobs';
import { jobInfo } from '../../../fixtures/job-info';
import SettingsJobBox from '../../../../src-renderer/src/components/SettingsJobBox.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
let pinia: ReturnType<typeof createPinia>;
beforeEach(() => {
  pinia = createPinia();
  setActivePinia(pinia);
});

const job = (over: Partial<JobInfo> = {}): JobInfo => jobInfo({ label: '/home/me/Music', progress: { phase: 'read', done: 3, total: 12 }, ...over });

const render = (props: Record<string, unknown>, slot = '') =>
  mount(SettingsJobBox, {
    props: { job: job(), label: 'Importing /home/me/Music', testid: 'library', ...props },
    slots: { default: slot },
    global: { plugins: [i18n, pinia] },
  });

describe('SettingsJobBox', () => {
  it('shows the label, the progress bar and the summary the section puts in', () => {
    const w = render({}, '<p class="summary">3 albums added</p>');
    expect(w.find('[data-testid="library-job"]').exists()).toBe(true);
    expect(w.get('.job-label').text()).toBe('Importing /home/me/Music');
    expect(w.find('[role="progressbar"]').exists()).toBe(true);
    expect(w.get('.summary').text()).toBe('3 albums added');
    expect(w.find('[data-testid="library-problems"]').exists()).toBe(false);
  });

  it('lists the problems under their title, paths in monospace, and says when more were left out', () => {
    const w = render({
      job: job({ status: 'done', problems: ['a/1.mp3', 'b/2.mp3'] }),
      problems: ['a/1.mp3', 'b/2.mp3'],
      problemsTitle: '5 files could not be read',
      problemsMore: 'and 3 more',
      problemsArePaths: true,
    });
    const box = w.get('[data-testid="library-problems"]');
    expect(box.get('p').text()).toBe('5 files could not be read');
    expect(box.findAll('li code').map((c) => c.text())).toEqual(['a/1.mp3', 'b/2.mp3']);
    expect(box.get('.more').text()).toBe('and 3 more');
  });

  it('sets problems that are not paths as plain text, with no "more" line when all are listed', () => {
    const w = render({ testid: 'sync', problems: ['The remote answered 500'], problemsTitle: '1 problem' });
    const box = w.get('[data-testid="sync-problems"]');
    expect(box.findAll('code')).toHaveLength(0);
    expect(box.get('li').text()).toBe('The remote answered 500');
    expect(box.find('.more').exists()).toBe(false);
  });

  it('passes Cancel up, and offers none for a job that cannot be cancelled', async () => {
    const w = render({});
    await w.get('button').trigger('click');
    expect(w.emitted('cancel')).toHaveLength(1);
    expect(render({ cancellable: false }).find('button').exists()).toBe(false);
  });
});
