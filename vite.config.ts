import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command }) => ({
  // A build lists every chunk only when asked (BUILD_VERBOSE=1): `npm start` ends with the address.
  logLevel: command === 'build' && !process.env.BUILD_VERBOSE ? 'warn' : 'info',
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss()],
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
