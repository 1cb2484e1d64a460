// Renderer entry: mounts the Vue app with its stores, router and translations.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { i18n } from './i18n';
import { router } from './router';
import './styles/base.css';

createApp(App).use(createPinia()).use(router).use(i18n).mount('#app');
