// The app's dialogs (stores/dialogs.ts) and its notice with Undo (stores/app-notice.ts), which replace the
// browser's prompt() and confirm() and the hearts' own notice.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppNoticeStore } from '../../../../src-renderer/src/stores/app-notice';
import { useDialogsStore } from '../../../../src-renderer/src/stores/dialogs';

beforeEach(() => setActivePinia(createPinia()));

describe('dialogs', () => {
  it('answers a prompt with the text trimmed, and null when cancelled or left blank', async () => {
    const dialogs = useDialogsStore();
    const named = dialogs.askText({ title: 'New playlist', label: 'Name', confirmLabel: 'Create' });
    expect(dialogs.current).toMatchObject({ kind: 'prompt', title: 'New playlist', value: '', maxLength: 100 });
    dialogs.settle('  Morning  ');
    await expect(named).resolves.toBe('Morning');
    expect(dialogs.current).toBeNull();

    const cancelled = dialogs.askText({ title: 't', label: 'l', confirmLabel: 'c' });
    dialogs.settle(null);
    await expect(cancelled).resolves.toBeNull();
    const blank = dialogs.askText({ title: 't', label: 'l', confirmLabel: 'c' });
    dialogs.settle('   ');
    await expect(blank).resolves.toBeNull();
  });

  it('answers a confirmation true only when confirmed, and a new question cancels the open one', async () => {
    const dialogs = useDialogsStore();
    const first = dialogs.askToConfirm({ title: 'Delete', message: 'Delete “A”?', confirmLabel: 'Delete', danger: true });
    const second = dialogs.askText({ title: 'New playlist', label: 'Name', confirmLabel: 'Create' });
    await expect(first).resolves.toBe(false);
    expect(dialogs.current?.kind).toBe('prompt');
    dialogs.settle('B');
    await expect(second).resolves.toBe('B');
    const sure = dialogs.askToConfirm({ title: 'Delete', message: 'm', confirmLabel: 'Delete' });
    dialogs.settle(true);
    await expect(sure).resolves.toBe(true);
  });
});

describe('app notice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs Undo once and says it was undone, or why not', async () => {
    const notices = useAppNoticeStore();
    const undo = vi.fn().mockResolvedValue(undefined);
    notices.say('Deleted “A”.', { undo });
    expect(notices.notice).toMatchObject({ message: 'Deleted “A”.', failed: false });
    await notices.undo('Undone.');
    await notices.undo('Undone.');
    expect(undo).toHaveBeenCalledTimes(1);
    expect(notices.notice?.message).toBe('Undone.');

    notices.say('Deleted “B”.', { undo: () => Promise.reject(new Error('The server cannot be reached.')) });
    await notices.undo('Undone.');
    expect(notices.notice).toMatchObject({ message: 'The server cannot be reached.', failed: true });
  });

  it('stays long enough to reach Undo, and goes by itself', () => {
    const notices = useAppNoticeStore();
    notices.say('Saved.');
    vi.advanceTimersByTime(6_001);
    expect(notices.notice).toBeNull();
    notices.say('Deleted “A”.', { undo: () => Promise.resolve() });
    vi.advanceTimersByTime(6_001);
    expect(notices.notice?.message).toBe('Deleted “A”.');
    vi.advanceTimersByTime(4_000);
    expect(notices.notice).toBeNull();
  });
});
