// A short notice that an action worked or did not ("Added to “Morning”"), over the player bar for a few
// seconds; with Undo when the action removed or replaced something, which runs the undoing and says so.
import { defineStore } from 'pinia';
import { timedNotice } from './notice';

export interface AppNotice {
  id: number;
  message: string;
  /** The action failed: shown as an alert. */
  failed: boolean;
  /** Undoes the action; absent when there is nothing to undo. */
  undo?: () => Promise<unknown>;
}

const SHOWN_MS = 6_000;
/** Long enough to reach Undo. */
const WITH_UNDO_MS = 10_000;

export const useAppNoticeStore = defineStore('app-notice', () => {
  const { notice, show, dismiss } = timedNotice<AppNotice>(SHOWN_MS);

  function say(message: string, options: { failed?: boolean; undo?: () => Promise<unknown> } = {}): void {
    show({ message, failed: options.failed ?? false, undo: options.undo }, options.undo ? WITH_UNDO_MS : SHOWN_MS);
  }

  /** Runs the notice's Undo, then says `done` (or why it could not). */
  async function undo(done: string): Promise<void> {
    const undoing = notice.value?.undo;
    if (!undoing) return;
    dismiss();
    try {
      await undoing();
      say(done);
    } catch (e) {
      say((e as Error).message, { failed: true });
    }
  }

  return { notice, say, dismiss, undo };
});
