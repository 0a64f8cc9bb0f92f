import { fileURLToPath } from 'node:url';

// Both src/server/*.ts (run with tsx) and dist/server/main.js (bundled) sit two folders below the
// project root, so one relative path serves both.
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
export const WEB_DIST_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));
/** The demo carers' illustrated portraits (src/server/platform/demo-photos.ts), read in demo mode only. */
export const DEMO_PHOTOS_DIR = fileURLToPath(
  new URL('../../src/server/demo-seed/demo-photos', import.meta.url),
);
/** The font files the invoice PDFs embed (DejaVu Sans: Unicode text, not WinAnsi only). */
export const FONTS_DIR = fileURLToPath(new URL('../../src/server/assets/fonts', import.meta.url));
