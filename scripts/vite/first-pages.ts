/**
 * The pages a visit commonly starts on (module paths relative to src/web, as in Vite's manifest):
 * their code is chunked for a first visit (first-page-chunks.ts) and preloaded by the server
 * (FIRST_PAGE_MODULES in src/server/platform/page-preloads.ts; tests/unit/first-page-chunks.test.ts
 * keeps the two lists alike).
 */
export const FIRST_PAGES: readonly string[] = [
  'features/site/pages/landing-page.tsx',
  'features/subscriptions/pages/pricing-page.tsx',
  'features/site/pages/about-page.tsx',
  'features/contact/pages/contact-page.tsx',
  'features/site/pages/help-page.tsx',
  'features/carers/pages/carer-search-page.tsx',
  'features/auth/pages/login-page.tsx',
  'features/auth/pages/register-page.tsx',
];
