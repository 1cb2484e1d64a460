// Renderer entry: mounts the Vue app with its stores.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './styles/base.css';

createApp(App).use(createPinia()).mount('#app');
