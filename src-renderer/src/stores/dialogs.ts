// The app's own dialogs, in place of the browser's built-in ones (Electron implements no text prompt,
// and in a browser they look foreign): a store asks, AppDialog.vue shows the one question
// and answers the promise — the text typed (null when cancelled) or whether the user confirmed. One at a
// time: a new question cancels the one still open.
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';

export interface PromptQuestion {
  kind: 'prompt';
  title: string;
  /** The field's label. */
  label: string;
  value: string;
  confirmLabel: string;
  maxLength: number;
}

export interface ConfirmQuestion {
  kind: 'confirm';
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirm button is a destructive action's. */
  danger: boolean;
}

type Asked = (PromptQuestion & { answer: (value: string | null) => void }) | (ConfirmQuestion & { answer: (value: boolean) => void });

export const useDialogsStore = defineStore('dialogs', () => {
  const current = shallowRef<Asked | null>(null);

  function cancelOpen(): void {
    const open = current.value;
    current.value = null;
    if (open?.kind === 'prompt') open.answer(null);
    else if (open) open.answer(false);
  }

  /** Asks for a line of text; resolves it trimmed, or null when cancelled or left empty. */
  function askText(question: Omit<PromptQuestion, 'kind' | 'value' | 'maxLength'> & { value?: string; maxLength?: number }): Promise<string | null> {
    cancelOpen();
    return new Promise((resolve) => {
      current.value = { kind: 'prompt', value: '', maxLength: 100, ...question, answer: resolve };
    });
  }

  /** Asks to confirm an action; resolves whether the user did. */
  function askToConfirm(question: Omit<ConfirmQuestion, 'kind' | 'danger'> & { danger?: boolean }): Promise<boolean> {
    cancelOpen();
    return new Promise((resolve) => {
      current.value = { kind: 'confirm', danger: false, ...question, answer: resolve };
    });
  }

  /** The dialog's answer: text for a prompt (null cancels), true or false for a confirmation. */
  function settle(value: string | boolean | null): void {
    const open = current.value;
    current.value = null;
    if (open?.kind === 'prompt') open.answer(typeof value === 'string' && value.trim() ? value.trim() : null);
    else if (open) open.answer(value === true);
  }

  return { current, askText, askToConfirm, settle };
});
