// After the app moves to another page, the keyboard and a screen reader start at the new page's heading
// (its first <h1>), as after a page load they start at the top — not on <body> or on a link of the page
// that is gone. Not when only the query changed (search as you type, a filter), not on a link to a
// section of a page, and never while the user is typing in a field.
import type { Router } from 'vue-router';

/** How long a page may take to draw its heading (it may wait for its data). */
const WAIT_MS = 3000;

const typing = () => {
  const a = document.activeElement;
  return a instanceof HTMLInputElement || a instanceof HTMLTextAreaElement || a instanceof HTMLSelectElement || (a as HTMLElement | null)?.isContentEditable;
};

function focusHeading(main: HTMLElement, heading: HTMLElement): void {
  if (typing() || main.querySelector('h1') !== heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

export function focusHeadingOnNavigation(router: Router): void {
  let stop: (() => void) | undefined;
  router.afterEach((to, from, failure) => {
    stop?.();
    stop = undefined;
    // The first page of a load, a failed navigation, the same page with another query, a #section.
    if (failure || from.matched.length === 0 || to.path === from.path || to.hash) return;
    const main = document.getElementById('main');
    if (!main) return;
    const found = () => {
      // The old page's heading may still be there until the new view renders: wait for the route's own.
      const h1 = main.querySelector<HTMLElement>('h1');
      if (!h1 || router.currentRoute.value !== to) return false;
      focusHeading(main, h1);
      return true;
    };
    // Let the new view render first, then watch for its heading while its data comes.
    requestAnimationFrame(() => {
      if (router.currentRoute.value !== to || found()) return;
      const observer = new MutationObserver(() => found() && stop?.());
      const timer = window.setTimeout(() => stop?.(), WAIT_MS);
      observer.observe(main, { childList: true, subtree: true });
      stop = () => {
        observer.disconnect();
        window.clearTimeout(timer);
      };
    });
  });
}
