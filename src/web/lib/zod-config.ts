// Zod compiles object parsers with `new Function` unless told not to; our Content-Security-Policy
// has no 'unsafe-eval', so the attempt is blocked and reported as a violation on every page that
// validates a form. Jitless parsing is the interpreter Zod falls back to anyway.
//
// This is `z.config({ jitless: true })` without importing Zod into the entry chunk (that import
// costs ~4 KB gzipped on every page): Zod keeps its configuration on this global and reuses it
// when it loads. tests/unit/zod-config.test.ts proves the installed Zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object Zod holds (if it loaded first, it already read it by reference).
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
