// Renderer entry: mounts the Vue app with its stores, router and translations. Opened on On air (the
// first screen), it asks for the week before anything mounts, so the answer is on its way while the
// app boots; a browser's reminders start a little later.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { i18n } from './i18n';
import { router } from './router';
import { useOnAirStore } from './stores/on-air';
import './styles/base.css';

const pinia = createPinia();
if (location.pathname === '/') void useOnAirStore(pinia).load();
createApp(App).use(pinia).use(router).use(i18n).mount('#app');

// A browser's broadcast reminders (the desktop app's come from its main process): loaded once the
// first screen is up, so they cost the first paint nothing.
if (!window.moecat) {
  window.setTimeout(() => {
    void import('./reminders/browser-reminders').then((m) => m.startBrowserReminders(router, (key, named) => i18n.global.t(key, named)));
  }, 3000);
}
