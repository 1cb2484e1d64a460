// Renderer entry: mounts the Vue app with its stores, router and translations — or, in a browser that is
// not signed in, the sign-in page. A sign-in link (`?token=`) is traded for a session first
// (api/session.ts). Opened on On air (the first screen), the app asks for the week before anything
// mounts, so the answer is on its way while the app boots; a browser's reminders start a little later.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { loadMediaPass } from './api/media';
import { isDesktopWindow, isSignedIn, loginTokenInAddress, SIGNED_OUT_EVENT, signInWith, type SignInReason } from './api/session';
import { i18n } from './i18n';
import { focusHeadingOnNavigation } from './composables/focus-on-navigation';
import { createAppRouter } from './router';
import { useOnAirStore } from './stores/on-air';
import SignInView from './views/SignInView.vue';
import './styles/base.css';

const pinia = createPinia();

function mountApp(): void {
  const router = createAppRouter();
  focusHeadingOnNavigation(router);
  // The first screen is drawn in the task after the shell's (one task of both held the page 60–80 ms).
  const removeGuard = router.beforeEach(() => {
    removeGuard();
    return new Promise<void>((ready) => setTimeout(ready));
  });
  createApp(App).use(pinia).use(router).use(i18n).mount('#app');
  // A browser's broadcast reminders (the desktop app's come from its main process): loaded once the
  // first screen is up, so they cost the first paint nothing.
  if (!isDesktopWindow()) {
    window.setTimeout(() => {
      void import('./reminders/browser-reminders').then((m) => m.startBrowserReminders(router, (key, named) => i18n.global.t(key, named)));
    }, 3000);
  }
}

const mountSignIn = (reason: SignInReason) => createApp(SignInView, { reason }).use(pinia).use(i18n).mount('#app');

// Signed out while the app runs (in Settings, or the server no longer knows the session): the page
// starts again, and says so.
const SIGNED_OUT_FLAG = 'moecat.signed-out';
window.addEventListener(SIGNED_OUT_EVENT, () => {
  try {
    sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
  } catch {
    // the page says "not signed in" instead
  }
  location.reload();
});

function signedOutBefore(): boolean {
  try {
    const was = sessionStorage.getItem(SIGNED_OUT_FLAG) !== null;
    sessionStorage.removeItem(SIGNED_OUT_FLAG);
    return was;
  } catch {
    return false;
  }
}

async function start(): Promise<void> {
  const signedOut = signedOutBefore();
  const login = isDesktopWindow() ? null : loginTokenInAddress();
  if (login !== null) {
    const result = await signInWith(login);
    if (result !== 'signed-in' && !isSignedIn()) return void mountSignIn(result === 'unreachable' ? 'unreachable' : 'used');
  }
  if (!isSignedIn()) return void mountSignIn(signedOut ? 'signed-out' : 'none');
  await loadMediaPass();
  if (location.pathname === '/') void useOnAirStore(pinia).load();
  // In a task of its own: on this computer nothing above waits for the network, and the shell drawn
  // in the task that evaluated the app's code made one task of 40–60 ms of both.
  await new Promise((ready) => setTimeout(ready));
  mountApp();
}

void start();
