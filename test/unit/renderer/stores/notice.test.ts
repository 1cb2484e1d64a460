// timedNotice (stores/notice.ts), the player's and the hearts' notice: shown for its time and then
// gone, a newer notice replacing the older at once with the whole time again, a new id each time (so
// the same words are heard again), and dismissed at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timedNotice } from '../../../../src-renderer/src/stores/notice';

interface Said {
  id: number;
  text: string;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('timedNotice', () => {
  it('shows a notice with a fresh id and hides it after its time', () => {
    const { notice, show } = timedNotice<Said>(8_000);
    expect(notice.value).toBeNull();
    show({ text: 'Skipped “First Snow”' });
    expect(notice.value).toEqual({ id: 1, text: 'Skipped “First Snow”' });
    vi.advanceTimersByTime(7_999);
    expect(notice.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(notice.value).toBeNull();
  });

  it('replaces an older notice with a newer one, which is given the whole time', () => {
    const { notice, show } = timedNotice<Said>(8_000);
    show({ text: 'older' });
    vi.advanceTimersByTime(5_000);
    show({ text: 'older' }); // the same words again: a new notice all the same
    expect(notice.value).toEqual({ id: 2, text: 'older' });
    vi.advanceTimersByTime(5_000); // the older one's time is up: the newer stays
    expect(notice.value?.id).toBe(2);
    show({ text: 'newer' });
    expect(notice.value).toEqual({ id: 3, text: 'newer' });
    vi.advanceTimersByTime(8_000);
    expect(notice.value).toBeNull();
  });

  it('is dismissed at once, and its timer cannot hide a later notice early', () => {
    const { notice, show, dismiss } = timedNotice<Said>(8_000);
    show({ text: 'one' });
    vi.advanceTimersByTime(6_000);
    dismiss();
    expect(notice.value).toBeNull();
    show({ text: 'two' });
    vi.advanceTimersByTime(2_000);
    expect(notice.value).toEqual({ id: 2, text: 'two' });
  });

  it('keeps its own count and timer per store', () => {
    const player = timedNotice<Said>(1_000);
    const hearts = timedNotice<Said>(5_000);
    player.show({ text: 'skipped' });
    hearts.show({ text: 'refused' });
    expect([player.notice.value?.id, hearts.notice.value?.id]).toEqual([1, 1]);
    vi.advanceTimersByTime(1_000);
    expect(player.notice.value).toBeNull();
    expect(hearts.notice.value?.text).toBe('refused');
  });
});
