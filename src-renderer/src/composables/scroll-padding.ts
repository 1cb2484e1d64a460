// The page scrolls under a sticky top bar and a sticky player bar. Their heights give the page a scroll
// padding: whatever is focused or scrolled into view — an inline confirmation, a menu, a row reached by
// keyboard — stops above the player bar and below the top bar instead of under them.
// The heights come from a ResizeObserver, which reports them once the frame's layout is done (no
// layout forced while the app mounts), and go straight into the root's scroll-padding: scroll-padding
// is not inherited, so a change restyles the root alone (a custom property on the root restyled
// every element of the page).
import { onBeforeUnmount, watch, type Ref } from 'vue';

/** Half a rem of air between what is scrolled into view and the bar. */
const AIR = '0.5rem';

type Side = 'scrollPaddingTop' | 'scrollPaddingBottom';

/** Follows each bar from when it is drawn (the player bar comes after the first screen's frame: App.vue). */
export function keepScrollPadding(top: Ref<{ $el?: Element } | undefined>, bottom: Ref<{ $el?: Element } | undefined>): void {
  const sides = new Map<Element, Side>();
  let observer: ResizeObserver | undefined;
  const follow = (bar: Ref<{ $el?: Element } | undefined>, side: Side) =>
    watch(
      () => bar.value?.$el,
      (el, old) => {
        if (old) {
          observer?.unobserve(old);
          sides.delete(old);
        }
        if (!(el instanceof HTMLElement)) return;
        observer ??= new ResizeObserver((entries) => {
          const style = document.documentElement.style;
          for (const entry of entries) {
            const side = sides.get(entry.target);
            const height = entry.borderBoxSize[0]?.blockSize;
            if (!side || height === undefined) continue;
            const padding = `calc(${Math.round(height)}px + ${AIR})`;
            if (style[side] !== padding) style[side] = padding;
          }
        });
        sides.set(el, side);
        observer.observe(el);
      },
      { flush: 'post', immediate: true },
    );
  follow(top, 'scrollPaddingTop');
  follow(bottom, 'scrollPaddingBottom');
  onBeforeUnmount(() => observer?.disconnect());
}
