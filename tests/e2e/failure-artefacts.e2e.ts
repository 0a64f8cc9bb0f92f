import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { RunnerTestCase } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { useE2ESuite } from './support/e2e-suite';
import {
  artefactDirectory,
  discardTraces,
  reportArtefacts,
  saveFailureArtefacts,
  startTracing,
  tracingOptions,
} from './support/failure-artefacts';

// What a failing end-to-end test leaves for whoever reads CI's test-results/: a Playwright trace
// of the test and a full-page screenshot of each page it had open, named in the failure.

const suite = useE2ESuite();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The trace's entries by name, and the events its trace.trace recorded. */
function readTrace(file: string) {
  const entries = unzipSync(new Uint8Array(readFileSync(file)));
  const events = strFromU8(entries['trace.trace'] ?? new Uint8Array())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; method?: string; params?: { url?: string } });
  const visited = events
    .filter((event) => event.method === 'goto' && event.params?.url)
    .map((event) => new URL(event.params!.url!, 'http://localhost').pathname);
  const snapshots = events.filter((event) => event.type === 'frame-snapshot').length;
  return { names: Object.keys(entries), visited, snapshots };
}

/** A test as vitest describes it to the suite's afterEach, failed with one error. */
function failedTask(name: string): Readonly<RunnerTestCase> {
  return {
    type: 'test',
    name,
    file: { name: 'tests/e2e/some-journey.e2e.ts' },
    suite: { name: 'a journey', suite: { name: '' } },
    result: {
      state: 'fail',
      errors: [{ message: 'expected a heading', stack: 'Error: expected a heading' }],
    },
  } as unknown as Readonly<RunnerTestCase>;
}

describe('failure artefacts', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'carematch-e2e-artefacts-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('saves a failed test’s trace and a screenshot of each open page, and names them in the failure', async () => {
    const page = await suite.open();
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const second = await page.context().newPage();
    await second.goto('/about');

    const task = failedTask('shows the prices');
    const saved = await saveFailureArtefacts(task, [page.context()], root);

    expect(saved.directory).toBe(path.join(root, 'some-journey', 'a-journey-shows-the-prices'));
    expect(readdirSync(saved.directory).sort()).toEqual([
      'page-2.html',
      'page.html',
      'screenshot-2.png',
      'screenshot.png',
      'trace.zip',
    ]);
    for (const shot of ['screenshot.png', 'screenshot-2.png']) {
      const bytes = readFileSync(path.join(saved.directory, shot));
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${shot} is a PNG`).toBe(true);
    }
    // Each page's HTML as it was left, drawn by the app (its heading), not the served shell.
    for (const [file, heading] of [
      ['page.html', await page.getByRole('heading', { level: 1 }).first().textContent()],
      ['page-2.html', await second.getByRole('heading', { level: 1 }).first().textContent()],
    ] as const) {
      const html = readFileSync(path.join(saved.directory, file), 'utf8');
      expect(html, file).toContain('<h1');
      expect(html, file).toContain(heading!);
    }
    // A trace Playwright's viewer opens: its action log with the test's own navigation in it; DOM
    // snapshots and the network log (empty without them) only when asked for (E2E_TRACE_SNAPSHOTS=1).
    const trace = readTrace(path.join(saved.directory, 'trace.zip'));
    expect(trace.names).toEqual(expect.arrayContaining(['trace.trace', 'trace.network']));
    expect(trace.snapshots > 0).toBe(tracingOptions().snapshots);
    expect(trace.visited).toEqual(['/pricing', '/about']);

    const note = reportArtefacts(task, saved);
    expect(note).toContain(path.relative(process.cwd(), saved.directory));
    expect(note).toContain('trace.zip, screenshot.png, screenshot-2.png, page.html, page-2.html');
    expect(task.result?.errors?.[0]?.message).toBe(`expected a heading\n\n${note}`);

    // The context goes on to the next test, recording a chunk of its own.
    await startTracing(page.context(), false);
  });

  it('records each test in a chunk of its own: the next failure holds only its own steps', async () => {
    const page = await suite.open();
    await page.goto('/contact');
    const saved = await saveFailureArtefacts(failedTask('sends a message'), [page.context()], root);
    const trace = readTrace(path.join(saved.directory, 'trace.zip'));
    expect(trace.visited).toEqual(['/contact']);
    await startTracing(page.context(), false);
  });

  it('leaves nothing for a passing test, and passes over a context the test closed', async () => {
    const page = await suite.open();
    await page.goto('/help');
    const before = readdirSync(path.join(root, 'some-journey')).sort();
    await discardTraces([page.context()]);
    expect(readdirSync(path.join(root, 'some-journey')).sort()).toEqual(before);
    await startTracing(page.context(), false);

    const browser = page.context().browser()!;
    const closed = await browser.newContext();
    await closed.tracing.start({ screenshots: true, snapshots: true });
    await closed.close();
    const saved = await saveFailureArtefacts(failedTask('closed its own window'), [closed], root);
    expect(saved.files).toEqual([]);
    expect(existsSync(saved.directory)).toBe(false);
  });

  it('records the DOM snapshots the trace viewer draws each step from when asked (E2E_TRACE_SNAPSHOTS=1)', async () => {
    expect(tracingOptions({}).snapshots).toBe(false);
    const page = await suite.open();
    const context = await page.context().browser()!.newContext({ baseURL: suite.server().baseUrl });
    try {
      await context.tracing.start(tracingOptions({ E2E_TRACE_SNAPSHOTS: '1' }));
      const asked = await context.newPage();
      await asked.goto('/pricing');
      await asked.getByRole('heading', { level: 1 }).first().waitFor();
      const file = path.join(root, 'with-snapshots.zip');
      await context.tracing.stop({ path: file });
      expect(readTrace(file).snapshots).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  // The suite's own hook, not a call made for it: this test fails on purpose (`it.fails` turns
  // that into a pass after the hooks have run), and the next one finds what the hook left.
  let deliberate: Readonly<RunnerTestCase> | undefined;
  let deliberateFailure: string | undefined;
  it.fails(
    'a check that fails on purpose (its failure artefacts are expected)',
    async ({ task, onTestFailed }) => {
      deliberate = task;
      // Read before `it.fails` clears the errors.
      onTestFailed(() => {
        deliberateFailure = task.result?.errors?.[0]?.message;
      });
      const page = await suite.open();
      await page.goto('/pricing');
      expect(await page.title()).toBe('a title the page does not have');
    },
  );

  it('the suite saved the deliberate failure’s trace and screenshot under test-results/e2e', () => {
    const directory = artefactDirectory(deliberate!);
    try {
      expect(path.relative(process.cwd(), directory)).toBe(
        path.join(
          'test-results',
          'e2e',
          'failure-artefacts',
          'failure-artefacts-a-check-that-fails-on-purpose-its-failure-artefacts-are-expected',
        ),
      );
      expect(readdirSync(directory).sort()).toEqual(['page.html', 'screenshot.png', 'trace.zip']);
      expect(readTrace(path.join(directory, 'trace.zip')).names).toContain('trace.trace');
      expect(deliberateFailure).toContain(
        `Failure artefacts (Playwright trace, full-page screenshot, page HTML): ${path.relative(process.cwd(), directory)}/`,
      );
    } finally {
      // Expected artefacts are not a failure's: CI's test-results/ keeps only real ones.
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
