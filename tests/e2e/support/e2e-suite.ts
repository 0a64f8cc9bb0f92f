import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/db/seed';
import { DESKTOP, launchBrowser, newPage, pageProblems, signInByCookie } from './browser';
import { startE2EServer, type E2EServer } from './e2e-server';

export interface E2ESuite {
  /** The running server (its baseUrl is filled in once the suite has started). */
  server: () => E2EServer;
  /**
   * A page in a fresh browser context. With an account it is signed in by cookie, at `/`
   * (the API's sign-in, as epic-stack's `loginPage()` does), not through the form: only the
   * sign-in journeys themselves need the form.
   */
  open(viewport?: { width: number; height: number }, account?: { email: string }): Promise<Page>;
}

/**
 * One server on a fresh seeded database and one browser per test file. Every page a test opens is
 * closed after it, and fails the test if it threw an uncaught error or hit a CSP refusal.
 */
export function useE2ESuite(): E2ESuite {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  const opened: Page[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2EServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    for (const page of opened.splice(0)) {
      expect(pageProblems(page)).toEqual([]);
      await page.context().close();
    }
  });

  return {
    server: () => {
      if (!server) throw new Error('the e2e server has not started');
      return server;
    },
    async open(viewport = DESKTOP, account) {
      if (!browser || !server) throw new Error('the e2e suite has not started');
      const { page } = await newPage(browser, server.baseUrl, viewport);
      opened.push(page);
      if (account) {
        await signInByCookie(page, account.email, DEMO_PASSWORD);
        await page.goto('/');
        await page.getByRole('button', { name: /Account menu/ }).waitFor();
      }
      return page;
    },
  };
}
