import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_MANIFEST_TEXT } from './src/contracts/app-install';
import { paths } from './src/contracts/paths';
import { firstPageChunks } from './scripts/vite/first-page-chunks';
import { FIRST_PAGES } from './scripts/vite/first-pages';
import { inlineEndpoints } from './scripts/vite/inline-endpoints';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const chunks = firstPageChunks(fromRoot('./src/web'), FIRST_PAGES);

export default defineConfig(({ command }) => ({
  // A build lists every chunk only when asked (BUILD_VERBOSE=1): `npm start` ends with the address.
  logLevel: command === 'build' && !process.env.BUILD_VERBOSE ? 'warn' : 'info',
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [
    // The endpoint table stays out of the first chunk: each call carries its own method and path.
    inlineEndpoints(),
    // Each first page's code in a few chunks rather than dozens (see the plugin).
    chunks.plugin,
    react(),
    tailwindcss(),
    // Installable: the web app manifest and the service worker (src/web/sw/), whose code is ours
    // (injectManifest) with the build's file list written in. Registered by the page in production
    // builds only (src/web/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: APP_MANIFEST_TEXT.name,
        short_name: APP_MANIFEST_TEXT.shortName,
        description: APP_MANIFEST_TEXT.description,
        lang: 'en-GB',
        // Each person's own first page: the carer's dashboard, a family's home, the admin dashboard.
        start_url: paths.appStart,
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: APP_MANIFEST_TEXT.themeColor,
        background_color: APP_MANIFEST_TEXT.backgroundColor,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: scripts, styles, the Latin font, icons. Other scripts' fonts load when used.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'assets/inter-latin-wght-normal-*.woff2'],
        globIgnores: ['**/*.map', '.vite/**', 'icons/apple-touch-icon.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@contracts': fromRoot('./src/contracts'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    // Written for reading error reports, but not linked from the code or served (web-app.ts).
    sourcemap: 'hidden',
    // Read by the server to preload each page's code (src/server/platform/page-preloads.ts).
    manifest: true,
    rollupOptions: {
      // A feature's index (src/web/features/<name>/index.ts) re-exports pieces other features use;
      // a page that imports one of them must not load the rest. The feature modules only declare
      // (components, hooks, query options), so one none of whose exports is used is left out.
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/web\/features\//.test(id) },
      output: chunks.output,
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
    },
  },
}));
