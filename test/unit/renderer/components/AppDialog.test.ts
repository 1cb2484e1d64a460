// @vitest-environment happy-dom
// AppDialog: a question asked before the dialog is drawn (it comes a task after the first screen) opens
// it as soon as it is, and its answer reaches the one who asked.
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AppDialog from '../../../../src-renderer/src/components/AppDialog.vue';
import { i18n } from '../../../../src-renderer/src/i18n';
import { useDialogsStore } from '../../../../src-renderer/src/stores/dialogs';

enableAutoUnmount(afterEach);
let pinia: ReturnType<typeof createPinia>;
beforeEach(() => {
  pinia = createPinia();
  setActivePinia(pinia);
});

describe('AppDialog', () => {
  it('opens a question asked before it was drawn, and answers it', async () => {
    const answer = useDialogsStore().askToConfirm({ title: 'Delete playlist?', message: 'Road trip goes.', confirmLabel: 'Delete', danger: true });
    const wrapper = mount(AppDialog, { global: { plugins: [i18n, pinia] }, attachTo: document.body });
    await flushPromises();
    const dialog = wrapper.get('dialog').element as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(wrapper.text()).toContain('Road trip goes.');
    await wrapper.get('form').trigger('submit');
    await expect(answer).resolves.toBe(true);
  });
});
