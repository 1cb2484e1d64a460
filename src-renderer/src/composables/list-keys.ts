// Arrow keys through a list of links: ↓/↑ move focus between the elements marked `data-nav-item`
// inside a container (Home/End to the ends); Enter then follows the focused link as usual.
// The items must be focusable (links, buttons).
import type { Ref } from 'vue';

export const NAV_ITEM = 'data-nav-item';
/** The id of the top bar's search field, so lists can hand focus back to it. */
export const SEARCH_INPUT_ID = 'app-search';

export function focusSearchInput(): void {
  document.getElementById(SEARCH_INPUT_ID)?.focus();
}

function items(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[${NAV_ITEM}]`)].filter((el) => el.offsetParent !== null);
}

/** Focuses the first navigable item inside `root`; false when there is none. */
export function focusFirstItem(root: ParentNode = document): boolean {
  const first = root.querySelector<HTMLElement>(`[${NAV_ITEM}]`);
  first?.focus();
  return first !== null;
}

/** A keydown handler for the list's container (bind it with @keydown). */
/** `onTop` runs on ↑ from the first item (e.g. back to the search field). */
export function useListKeys(container: Ref<HTMLElement | null>, onTop?: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (!container.value || event.altKey || event.ctrlKey || event.metaKey) return;
    const list = items(container.value);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    if (event.key === 'ArrowUp' && at === 0 && onTop) {
      event.preventDefault();
      onTop();
      return;
    }
    const next = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 } as Record<string, number>)[event.key];
    if (next === undefined) return;
    event.preventDefault();
    list[Math.min(Math.max(next, 0), list.length - 1)].focus();
  };
}
