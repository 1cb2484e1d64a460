// Long lists of cards link with plain <a href> and one click handler on the list, instead of a
// RouterLink per card: a RouterLink follows the current route (for its active class), so every one of
// them renders again on each navigation, and it resolves its target when it is made. The handler does
// what RouterLink's does: a plain left click on an in-app link navigates in the app; a click with a
// modifier key, another button, or on a link to elsewhere is left to the browser.
import { useRouter } from 'vue-router';

/** True when the click should open the link in the app rather than be left to the browser. */
function isPlainClick(e: MouseEvent): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
}

/** A click handler for a container of <a href="/app/path"> links: in-app navigation for plain clicks. */
export function useLinkClicks(): (e: MouseEvent) => void {
  const router = useRouter();
  return (e: MouseEvent) => {
    if (!isPlainClick(e) || !(e.target instanceof Element)) return;
    const link = e.target.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !(e.currentTarget as Element).contains(link)) return;
    if (link.target && link.target !== '_self') return;
    if (link.origin !== location.origin || link.hasAttribute('download')) return;
    e.preventDefault();
    void router.push(link.pathname + link.search + link.hash);
  };
}
