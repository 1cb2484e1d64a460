// The current time as a ref that moves on every minute, so "today" turns over at the day's start
// while a screen stays open.
import { onBeforeUnmount, ref, type Ref } from 'vue';

export function useNow(everyMs = 60_000): Ref<number> {
  const now = ref(Date.now());
  const timer = window.setInterval(() => (now.value = Date.now()), everyMs);
  onBeforeUnmount(() => window.clearInterval(timer));
  return now;
}
