// `npm run audit:pages`: Lighthouse (mobile preset) on the public pages of a production build,
// several runs per page, the median written to docs/performance.md. Exits 1 when a target is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { freePort, killAllChildren, startChild, waitForHttp } from '../support/processes';
import { writeSection } from './report';
import { DEMO_PASSWORD } from '../../src/server/features/demo';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIR = path.join(ROOT, 'dist', 'web');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'main.js');
const REPORT_FILE = path.join(ROOT, 'docs', 'performance.md');
const SECTION_TITLE = '## Public pages: Lighthouse (issue 4)';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// A page written `carer:/carer-dashboard` is audited signed in as that demo account (its session
// cookie sent with every request Lighthouse makes); the others signed out.
const PAGES = (process.env.AUDIT_PAGES?.split(',') ?? [
  '/',
  '/pricing',
  '/about',
  '/help',
  '/contact',
  '/carers',
  'carer:/carer-dashboard',
]) as readonly string[];
const SIGNED_IN_AS: Record<string, string> = {
  carer: 'carer@example.com',
  customer: 'subscribed@example.com',
};
// Lighthouse's own advice for a score that varies from run to run: the median of five runs.
const RUNS_PER_PAGE = Number(process.env.AUDIT_RUNS ?? 5);
/**
 * Lighthouse slows the page's measured CPU work 4× and sums what exceeds 50 ms per task, so a run
 * on a machine busy with other work scores lower than the page is (it says so in its benchmark
 * index). Each run waits, up to this long, for the one-minute load average to fall below the
 * number of cores; the load and the index of every run are written in the report.
 */
const QUIET_WAIT_MS = Number(process.env.AUDIT_QUIET_WAIT_MS ?? 30_000);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** The targets (scores 0-100). */
const TARGETS: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};
const INITIAL_JS_BUDGET_KB = 150;
/**
 * Whether a category's target applies to a page: a signed-in page (`carer:/…`) is kept out of
 * search engines on purpose (robots.txt disallows it, so Lighthouse's `is-crawlable` fails), so
 * its SEO score is shown but is no target.
 */
const targeted = (page: string, category: Category) => !(category === 'seo' && /^\w+:\//.test(page));

const log = (message: string) => process.stdout.write(`${message}\n`);

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  /** Lighthouse's measure of the machine's speed in this run (lower: slower or busier). */
  benchmarkIndex: number;
  /** The one-minute load average when the run started. */
  load: number;
  /** Every run's performance score, in order (filled in on the run the table shows). */
  performanceRuns?: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
  lhr: LighthouseResult;
}

function toPageResult(page: string, lhr: LighthouseResult, load: number): PageResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Audits that cost points outside performance (performance opportunities are too noisy to list).
  const failedAudits = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}${auditExample(lhr, ref.id)}`),
  );
  return {
    page,
    scores,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    load,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failedAudits,
    lhr,
  };
}

/** The first offending item of a failed audit, so the report says what to fix. */
function auditExample(lhr: LighthouseResult, id: string): string {
  const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  const item = details?.items?.[0];
  if (!item) return '';
  // Chrome's DevTools issues (the `inspector-issues` audit) name their kind and the affected node.
  if (typeof item.issueType === 'string') {
    const affected = (item.subItems as { items?: unknown[] } | undefined)?.items?.[0];
    return ` (${item.issueType}${affected ? `: ${JSON.stringify(affected).slice(0, 200)}` : ''})`;
  }
  const text = ['description', 'url', 'source', 'selector']
    .map((key) => item[key])
    .find((value) => typeof value === 'string' && value.length > 0) as string | undefined;
  return text ? ` (${text.slice(0, 160)})` : '';
}

/** The run with the median performance score (Lighthouse's own advice for noisy measurements). */
function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface ScriptSize {
  url: string;
  gzipBytes: number;
  transferBytes: number;
}

/** Every script `/` loaded, with its gzip size (from the build) and what actually crossed the wire. */
function initialScripts(lhr: LighthouseResult): ScriptSize[] {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .map((item) => {
      const file = path.join(WEB_DIR, new URL(item.url).pathname);
      const gzipBytes = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
      return { url: new URL(item.url).pathname, gzipBytes, transferBytes: item.transferSize ?? 0 };
    });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function renderSection(
  results: PageResult[],
  scripts: ScriptSize[],
  context: { chromium: string; took: string; load: string },
) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const gzipTotal = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const transferTotal = scripts.reduce((sum, script) => sum + script.transferBytes, 0);
  const mark = (page: string, category: Category, score: number) =>
    !targeted(page, category)
      ? `${score} (no target)`
      : score >= TARGETS[category]
        ? `${score}`
        : `**${score}** ✗`;
  const rows = results.map(
    (r) =>
      `| \`${r.page}\` | ${CATEGORIES.map((c) => mark(r.page, c, r.scores[c])).join(' | ')} | ${Math.round(r.lcpMs).toLocaleString('en-GB')} ms | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${r.performanceRuns?.join(', ') ?? ''} | ${r.load.toFixed(1)} / ${r.benchmarkIndex} |`,
  );
  const failed = results.flatMap((r) => r.failedAudits.map((audit) => `- \`${r.page}\` ${audit}`));
  return `${SECTION_TITLE}

_Generated by \`npm run audit:pages\` on ${when} UTC in ${context.took}; a rerun replaces this section._

**Method:** \`npm run build\`, then \`node dist/server/main.js\` (the production build, demo mode on
PGlite, seeded) on a loopback port; Lighthouse ${lighthouseVersion()} in ${context.chromium}, headless,
with its default **mobile** preset (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown).
Each page is audited ${RUNS_PER_PAGE} times in a fresh browser; the table shows the run with the median
performance score (Lighthouse's advice), every run's score, and the chosen run's one-minute load
average and Lighthouse benchmark index (${context.load}). Before the first run each page's shell and
first data are fetched once and one unscored Lighthouse run warms Chromium; each run waits (up to
${QUIET_WAIT_MS / 1000} s) for the load average to fall below the cores: Lighthouse multiplies the CPU
time it sees by 4, so work of other processes during a run counts as the page's.
Static files are sent precompressed (brotli), \`index.html\` is never cached.
A page written \`carer:/…\` is audited signed in as the demo carer (a fresh session per run, its cookie
sent with every request). Lighthouse 12 has no PWA category: installability is checked by
\`tests/e2e/installable.e2e.ts\` (manifest, icons, the service worker controlling the page).
What made the scores: the page shell's \`Link\` headers start the sign-in check, the first page's code
and its first data while the main bundle downloads (\`src/server/platform/page-preloads.ts\`), and
the first render runs as a transition that React splits into short tasks (\`src/web/main.tsx\`).

**Targets:** performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ≥ ${TARGETS.seo}; initial JavaScript for \`/\` ≤ ${INITIAL_JS_BUDGET_KB} KB gzipped; a signed-in page's SEO is no target (it is kept out of search engines on purpose). A missed target is **bold** with ✗.

| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | Performance, every run | Load / benchmark index |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

**Initial JavaScript for \`/\`** (signed out, every script the page loaded before it was idle):
${kb(gzipTotal)} KB gzipped (${kb(transferTotal)} KB as sent, brotli) in ${scripts.length} files, budget ${INITIAL_JS_BUDGET_KB} KB${gzipTotal / 1024 <= INITIAL_JS_BUDGET_KB ? ' — within budget' : ' — **over budget** ✗'}.

| Script | gzip | sent |
|---|---|---|
${scripts.map((s) => `| \`${s.url}\` | ${kb(s.gzipBytes)} KB | ${kb(s.transferBytes)} KB |`).join('\n')}

${failed.length ? `**Audits that cost points** (outside performance):\n\n${failed.join('\n')}` : 'No accessibility, best-practice or SEO audit failed on any page.'}

To rerun: \`npm run audit:pages\` (about ${Math.ceil(((PAGES.length * RUNS_PER_PAGE + 1) * 15) / 60)} minutes on a quiet machine; \`AUDIT_RUNS=1\` for a quick look; \`CHROME_PATH\` to use another Chromium).
`;
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}

/** The page's address and, for `<account>:/path`, a session cookie of that demo account. */
async function pageRequest(origin: string, page: string): Promise<{ url: string; cookie?: string }> {
  const match = /^(\w+):(\/.*)$/.exec(page);
  if (!match) return { url: `${origin}${page}` };
  const email = SIGNED_IN_AS[match[1]!];
  if (!email) throw new Error(`No demo account for ${page}`);
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email}: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { url: `${origin}${match[2]}`, cookie };
}

async function auditOnce(url: string, cookie?: string): Promise<LighthouseResult> {
  // A fresh browser per run: no cache or service state carried between runs.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): try again. */
async function auditWithRetry(url: string, cookie?: string, attempts = 3): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`  ${url}: ${(error as Error).message.split('\n')[0]} — retrying`);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to QUIET_WAIT_MS) for the machine's load to fall below its cores; answers the load. */
async function quietMachine(): Promise<number> {
  const cores = os.availableParallelism();
  const deadline = Date.now() + QUIET_WAIT_MS;
  while (os.loadavg()[0]! >= cores && Date.now() < deadline) await sleep(5_000);
  return os.loadavg()[0]!;
}

/**
 * Before the first scored run: each page's shell and first data once (the server's first answers
 * compile its code and fill its caches, as on a server that has been up a while), and one
 * Lighthouse run that is not scored (Chromium's first start reads it from disk).
 */
async function warmUp(origin: string) {
  for (const page of PAGES) {
    const { url, cookie } = await pageRequest(origin, page);
    const shell = await fetch(url, { headers: cookie ? { cookie } : {} });
    const preloads = [...(shell.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel=preload; as=fetch/g)];
    await Promise.all(
      preloads.map(([, href]) => fetch(new URL(href!, origin), { headers: cookie ? { cookie } : {} })),
    );
  }
  await auditWithRetry(`${origin}${PAGES.find((page) => page.startsWith('/')) ?? '/'}`);
}

async function main() {
  if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error('No production build: run `npm run build` first (`npm run audit:pages` does).');
  }
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-audit-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startChild('server', process.execPath, [SERVER_ENTRY], {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  try {
    await waitForHttp(`${origin}/readyz`, server, 120_000);
    await warmUp(origin);
    const loadAtStart = os.loadavg()[0]!;
    const results: PageResult[] = [];
    for (const page of PAGES) {
      const runs: PageResult[] = [];
      for (let run = 1; run <= RUNS_PER_PAGE; run += 1) {
        // A new session for each run, as a fresh browser would have.
        const { url, cookie } = await pageRequest(origin, page);
        const load = await quietMachine();
        runs.push(toPageResult(page, await auditWithRetry(url, cookie), load));
      }
      const chosen = { ...median(runs), performanceRuns: runs.map((r) => r.scores.performance) };
      results.push(chosen);
      log(
        `${page}: ${CATEGORIES.map((c) => `${c} ${chosen.scores[c]}`).join(', ')} (performance runs: ${runs.map((r) => `${r.scores.performance} [load ${r.load.toFixed(1)}, index ${r.benchmarkIndex}]`).join(', ')})`,
      );
      for (const audit of chosen.failedAudits) log(`  ${audit}`);
    }
    const landing = results.find((r) => r.page === '/')!;
    const scripts = initialScripts(landing.lhr);
    const chromium =
      landing.lhr.environment.hostUserAgent.match(/(?:HeadlessChrome|Chrome)\/[\d.]+/)?.[0] ?? 'Chromium';
    const took = `${Math.round((Date.now() - started) / 1000)} s`;
    writeSection(
      REPORT_FILE,
      renderSection(results, scripts, {
        chromium: `Debian Chromium (${chromium})`,
        took,
        load: `${os.availableParallelism()} cores; load ${loadAtStart.toFixed(1)} when the runs began, ${os.loadavg()[0]!.toFixed(1)} at the end`,
      }),
      SECTION_TITLE,
    );
    log(`Wrote ${path.relative(ROOT, REPORT_FILE)}`);

    const gzipKb = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
    const misses = [
      ...results.flatMap((r) =>
        CATEGORIES.filter((c) => targeted(r.page, c) && r.scores[c] < TARGETS[c]).map(
          (c) => `${r.page} ${c} ${r.scores[c]} < ${TARGETS[c]}`,
        ),
      ),
      ...(gzipKb > INITIAL_JS_BUDGET_KB
        ? [`initial JS for / ${gzipKb.toFixed(1)} KB > ${INITIAL_JS_BUDGET_KB} KB`]
        : []),
    ];
    if (misses.length) {
      log(`Targets missed:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      log(`Every target met; initial JS for / ${gzipKb.toFixed(1)} KB gzipped.`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  killAllChildren();
  console.error(error);
  process.exit(1);
});
