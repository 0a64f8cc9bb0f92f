import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import type { RunnerTestCase } from 'vitest';

/** Where a failing e2e test leaves its trace and screenshots: CI keeps `test-results/`. */
export const E2E_RESULTS_DIR = fileURLToPath(new URL('../../../test-results/e2e', import.meta.url));

/**
 * What a trace records: every action (its call, timing and error), the pages' console and
 * errors; the page itself is in the screenshot and the HTML saved at the failure. DOM snapshots
 * before and after each action (the trace viewer draws the page at every step from them), and with
 * them the network log (Playwright records it only beside snapshots), only with
 * `E2E_TRACE_SNAPSHOTS=1`, for chasing a failure: they were a tenth of the suite's browser CPU
 * (settings and shell: renderer 60–62 s with them, 50–56 s without, decision 0021). No screencast:
 * its frames doubled the time of carers-search.e2e.ts on this 2-core machine. No sources: the test
 * files are in the repository.
 */
export function tracingOptions(env: NodeJS.ProcessEnv = process.env) {
  return { screenshots: false, snapshots: env.E2E_TRACE_SNAPSHOTS === '1', sources: false };
}
const TRACING = tracingOptions();

/**
 * Starts recording the test that is about to use `context`. A context is kept for the next test
 * once emptied (tests/e2e/support/e2e-suite.ts): tracing starts once, with the context, and each
 * test gets a chunk of its own, written out only if the test fails.
 */
export async function startTracing(context: BrowserContext, fresh: boolean) {
  if (fresh) await context.tracing.start(TRACING);
  else await context.tracing.startChunk();
}

/** The test passed: its chunk is dropped, nothing written. A context closed by the test is skipped. */
export async function discardTraces(contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.tracing.stopChunk().catch(() => undefined)));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '') || 'test';

/** `<root>/<file>/<test name slug>`: the file without `.e2e.ts`, the test named with its describes. */
export function artefactDirectory(task: Readonly<RunnerTestCase>, root = E2E_RESULTS_DIR): string {
  const file = path.basename(task.file.name).replace(/\.e2e\.ts$/, '');
  const names: string[] = [task.name];
  for (let suite = task.suite; suite && suite.name; suite = suite.suite) names.unshift(suite.name);
  return path.join(root, slug(file), slug(names.join(' ')));
}

/**
 * The test failed: each of its contexts' chunk is saved as a Playwright trace (`trace.zip`, then
 * `trace-2.zip`, … for a test with several contexts), each page still open is photographed
 * whole (`screenshot.png`, `screenshot-2.png`, …) and its HTML saved (`page.html`, `page-2.html`,
 * …). A context or page the test closed itself, or one that cannot answer any more, is passed
 * over: one lost picture must not hide the others.
 * Returns the directory, or undefined when nothing could be saved.
 */
export async function saveFailureArtefacts(
  task: Readonly<RunnerTestCase>,
  contexts: BrowserContext[],
  root = E2E_RESULTS_DIR,
): Promise<{ directory: string; files: string[] }> {
  const directory = artefactDirectory(task, root);
  // An earlier run's failure of the same test is replaced, not mixed in.
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const numbered = (name: string, index: number) => (index === 0 ? `${name}.` : `${name}-${index + 1}.`);
  // Every page of the test's contexts, those it opened beside the suite's own included.
  const open = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  // Screenshots first: stopping a chunk does not touch the page, but a screenshot is the more
  // likely to hang on a page that stopped answering, and has its own time limit.
  const shots = await Promise.all(
    open.map(async (page, index) => {
      const file = path.join(directory, `${numbered('screenshot', index)}png`);
      return page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
        () => file,
        () => undefined,
      );
    }),
  );
  // The page's HTML as it was left: what the trace's DOM snapshots would show, when they are off.
  const pages = await Promise.all(
    open.map(async (page, index) => {
      const file = path.join(directory, `${numbered('page', index)}html`);
      const html = await Promise.race([page.content(), delay(10_000, undefined, { ref: false })]).catch(
        () => undefined,
      );
      if (html === undefined) return undefined;
      await writeFile(file, html);
      return file;
    }),
  );
  const traces = await Promise.all(
    contexts.map(async (context, index) => {
      const file = path.join(directory, `${numbered('trace', index)}zip`);
      return context.tracing.stopChunk({ path: file }).then(
        () => file,
        () => undefined,
      );
    }),
  );
  const files = [...traces, ...shots, ...pages].filter((file): file is string => file !== undefined);
  if (files.length === 0) await rm(directory, { recursive: true, force: true });
  return { directory, files };
}

/**
 * Adds where the artefacts are to the test's first error, so the failure report (terminal and
 * test-results/vitest.json alike) names them beside the failure itself; prints it too. Returns
 * the note, for a failure that is still to be raised (a page error found after the test).
 */
export function reportArtefacts(
  task: Readonly<RunnerTestCase>,
  saved: { directory: string; files: string[] },
): string {
  const where = path.relative(process.cwd(), saved.directory) || saved.directory;
  const note =
    saved.files.length > 0
      ? `Failure artefacts (Playwright trace, full-page screenshot, page HTML): ${where}/ (${saved.files.map((file) => path.basename(file)).join(', ')})`
      : `Failure artefacts: none could be saved (every page and context of the test was closed)`;
  console.error(note);
  const [first] = task.result?.errors ?? [];
  if (first) {
    first.message = `${first.message}\n\n${note}`;
    // The JSON report gives the stack (which begins with the message it had); the terminal
    // report reads only the frames from it.
    if (first.stack) first.stack = `${first.stack}\n${note}`;
  }
  return note;
}
