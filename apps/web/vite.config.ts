import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// `npm run dev` defaults; API_URL / WEB_PORT let several servers run side by side.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Long-lived vendor chunks. Only libraries that the very first screen (splash + login) needs anyway
 * are grouped; MUI components are left to automatic splitting so that the login page does not
 * download the widgets of the dashboard. (Vite 8 bundles with Rolldown: `codeSplitting.groups` is
 * its form of Rollup's `manualChunks`.)
 */
type Group = {
  name: string | ((id: string) => string | null);
  debugName?: string;
  test?: RegExp;
  priority: number;
};

const vendorGroups: Group[] = [
  // One chunk per non-default language (French is in the entry; see src/lib/i18n.ts).
  {
    name: (id) => {
      const match = /[\\/]src[\\/]locales[\\/]([a-z]{2,3})[\\/][^\\/]+\.json$/.exec(id);
      return match && match[1] !== 'fr' ? `locale-${match[1]}` : null;
    },
    debugName: 'locales',
    priority: 40,
  },
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
  {
    name: 'i18n',
    test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 20,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'emotion', test: /[\\/]node_modules[\\/](@emotion|stylis)[\\/]/, priority: 20 },
];

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
      '/pay': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
      '/pay': { target: api, changeOrigin: false },
    },
  },
});
