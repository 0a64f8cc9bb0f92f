import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/demo-seed/seed';
import { DESKTOP, launchBrowser, newContext, newPageIn, pageProblems, signInByCookie } from './browser';
import { startE2EServer, type E2EServer } from './e2e-server';
import { discardTraces, reportArtefacts, saveFailureArtefacts, startTracing } from './failure-artefacts';

export interface E2ESuite {
  /** The running server (its baseUrl is filled in once the suite has started). */
  server: () => E2EServer;
  /**
   * A blank page in a browser context of its own (no other open page shares its cookies). With an
   * account the context is signed in by cookie (the API's sign-in, as epic-stack's `loginPage()`
   * does), not through the form: only the sign-in journeys themselves need the form. The page
   * stays blank either way: the test's first `goto` is its only page load (a visit to `/` first
   * cost a page load per signed-in page, about 80 in the suite).
   */
  open(viewport?: { width: number; height: number }, account?: { email: string }): Promise<Page>;
}

// One browser per worker (the e2e project shares modules between the files a worker runs), and
// its contexts kept for the next test once emptied: a new context costs a renderer process and a
// cold cache, about a second per page on this machine.
let browser: Promise<Browser> | undefined;
const idleContexts: Array<{ context: BrowserContext; baseUrl: string }> = [];

/** Everything a test left in a context goes, except the cache of the built app. */
async function empty(context: BrowserContext, baseUrl: string) {
  const [page] = context.pages();
  if (page) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: baseUrl,
      storageTypes:
        'local_storage,indexeddb,websql,service_workers,cache_storage,file_systems,shared_storage',
    });
    await cdp.detach();
  }
  await Promise.all(context.pages().map((open) => open.close()));
  await context.clearCookies();
  await context.clearPermissions();
}

/**
 * The file's own server, on a database loaded from the seeded dump, and pages from the worker's
 * browser. Every page a test opens is closed after it, and fails the test if it threw an uncaught
 * error or hit a CSP refusal. Every context records a Playwright trace of each test; a failing
 * test leaves its trace and a screenshot of each open page under test-results/e2e/ (the failure
 * says where), a passing one leaves nothing.
 */
/**
 * `env`: settings the file's server starts with beyond the usual (a fake push service's host);
 * `webDir`: the built app to serve instead of the run's (a copy the file changes).
 */
export function useE2ESuite({
  env,
  webDir,
}: { env?: Record<string, string>; webDir?: string } = {}): E2ESuite {
  let server: E2EServer | undefined;
  const inUse: BrowserContext[] = [];
  const opened: Page[] = [];

  beforeAll(async () => {
    browser ??= launchBrowser();
    [server] = await Promise.all([startE2EServer(env, webDir), browser]);
    // A context made for another file's server (another origin) is of no use to this one.
    const all = idleContexts.splice(0);
    idleContexts.push(...all.filter((idle) => idle.baseUrl === server!.baseUrl));
    await Promise.all(
      all.filter((idle) => idle.baseUrl !== server!.baseUrl).map((idle) => idle.context.close()),
    );
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async ({ task }) => {
    const problems = opened.splice(0).map((page) => pageProblems(page));
    const contexts = inUse.splice(0);
    // Before the pages close: a page error found here fails the test as surely as a failed check.
    let artefacts: string | undefined;
    if (task.result?.state === 'fail' || problems.some((found) => found.length > 0)) {
      artefacts = reportArtefacts(task, await saveFailureArtefacts(task, contexts));
    } else {
      await discardTraces(contexts);
    }
    for (const context of contexts) {
      // A context a test closed itself is simply dropped.
      const closed = await empty(context, server!.baseUrl).then(
        () => false,
        () => true,
      );
      if (!closed) idleContexts.push({ context, baseUrl: server!.baseUrl });
    }
    for (const found of problems) expect(found, artefacts).toEqual([]);
  });

  return {
    server: () => {
      if (!server) throw new Error('the e2e server has not started');
      return server;
    },
    async open(viewport = DESKTOP, account) {
      if (!browser || !server) throw new Error('the e2e suite has not started');
      const idle = idleContexts.pop()?.context;
      const context = idle ?? (await newContext(await browser, server.baseUrl));
      await startTracing(context, !idle);
      inUse.push(context);
      const page = await newPageIn(context, viewport);
      opened.push(page);
      if (account) await signInByCookie(page, account.email, DEMO_PASSWORD);
      return page;
    },
  };
}
