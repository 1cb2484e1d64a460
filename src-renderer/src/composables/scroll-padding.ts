// The page scrolls under a sticky top bar and a sticky player bar. Their heights, kept in CSS variables
// on the root, give the page a scroll padding (styles/base.css): whatever is focused or scrolled into
// view — an inline confirmation, a menu, a row reached by keyboard — stops above the player bar and
// below the top bar instead of under them.
import { onBeforeUnmount, onMounted, type Ref } from 'vue';

export function keepScrollPadding(top: Ref<{ $el?: Element } | undefined>, bottom: Ref<{ $el?: Element } | undefined>): void {
  let observer: ResizeObserver | undefined;
  onMounted(() => {
    const root = document.documentElement;
    const bars: [string, Element | undefined][] = [
      ['--top-bar-height', top.value?.$el],
      ['--player-bar-height', bottom.value?.$el],
    ];
    const measure = () => {
      for (const [name, el] of bars) if (el instanceof HTMLElement) root.style.setProperty(name, `${el.offsetHeight}px`);
    };
    measure();
    observer = new ResizeObserver(measure);
    for (const [, el] of bars) if (el) observer.observe(el);
  });
  onBeforeUnmount(() => observer?.disconnect());
}
