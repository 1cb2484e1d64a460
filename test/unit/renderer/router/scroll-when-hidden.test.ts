// @vitest-environment happy-dom
// The page's scroll position goes into its history entry when the page is hidden, kept from its
// scroll events rather than read from the page then; the document's own listeners (vue-router's) are
// not called for it, and still are when the page is shown again.
import { afterEach, describe, expect, it } from 'vitest';
import { keepScrollWhenHidden } from '../../../../src-renderer/src/router';

const visibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
};

afterEach(() => visibility('visible'));

describe('keepScrollWhenHidden', () => {
  it('writes the last scroll position into the history entry when the page is hidden, instead of the document’s listeners', () => {
    history.replaceState({ current: '/music/1', position: 3 }, '');
    const heard: string[] = [];
    document.addEventListener('visibilitychange', () => heard.push(document.visibilityState));
    keepScrollWhenHidden();
    keepScrollWhenHidden(); // once, however often the router is made

    window.scrollTo(0, 480);
    window.dispatchEvent(new Event('scroll'));
    visibility('hidden');
    expect(history.state).toEqual({ current: '/music/1', position: 3, scroll: { left: 0, top: window.scrollY } });
    expect(window.scrollY).toBe(480);
    expect(heard).toEqual([]);

    visibility('visible');
    expect(heard).toEqual(['visible']);
  });
});
