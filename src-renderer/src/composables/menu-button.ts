// A menu button's behaviour (the "Add to playlist" and song "⋯" menus): opening focuses the first
// item, ↑/↓ move between items (wrapping), Escape or a choice closes it and gives the focus back to
// the button. The component renders the button and the menu with these refs, its items with
// tabindex="-1": as in any menu, the arrows move between them and Tab leaves, so they are no stops of
// the page's Tab order (nor targets a person could Tab to under the open menu).
import { nextTick, ref } from 'vue';

export function useMenuButton(onOpen?: () => unknown) {
  const open = ref(false);
  const menu = ref<HTMLUListElement>();
  const button = ref<HTMLButtonElement>();

  async function toggle(): Promise<void> {
    open.value = !open.value;
    if (!open.value) return;
    void onOpen?.();
    await nextTick();
    menu.value?.querySelector<HTMLButtonElement>('button')?.focus();
  }

  async function close(): Promise<void> {
    open.value = false;
    await nextTick();
    button.value?.focus();
  }

  function onKey(event: KeyboardEvent): void {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menu.value?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
  }

  return { open, menu, button, toggle, close, onKey };
}
