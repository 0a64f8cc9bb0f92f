import { expect, it } from 'vitest';
import { FIRST_PAGES } from '../../scripts/vite/first-pages';
import { FIRST_PAGE_MODULES } from '../../src/server/platform/page-preloads';

// The pages whose code the build chunks for a first visit are the pages the server preloads.
it('the build chunks the same first pages as the server preloads', () => {
  expect([...FIRST_PAGES].sort()).toEqual([...new Set(Object.values(FIRST_PAGE_MODULES))].sort());
});
