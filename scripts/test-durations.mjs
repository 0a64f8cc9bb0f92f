// `node scripts/test-durations.mjs [results.json]`: writes tests/support/file-durations.json, each
// test file's seconds (per vitest project) from vitest's own results cache of the last run here
// (node_modules/.vite/vitest/<hash>/results.json). The sequencer orders files by it when vitest's
// cache has no figure, as on a fresh clone in CI. Rerun after a full `npm test` when files have
// grown or moved a lot; the figures only order the files, they assert nothing.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules/.vite/vitest');
const source =
  process.argv[2] ??
  fs
    .readdirSync(cacheDir)
    .map((hash) => path.join(cacheDir, hash, 'results.json'))
    .find((file) => fs.existsSync(file));
if (!source) throw new Error('no vitest results cache: run the suite first');

const { results } = JSON.parse(fs.readFileSync(source, 'utf8'));
const seconds = Object.fromEntries(
  results
    .filter(([, result]) => typeof result?.duration === 'number')
    .map(([key, result]) => [key, Math.round(result.duration / 100) / 10]),
);
const target = path.join(root, 'tests/support/file-durations.json');
// A project the run left out (the deploy tests, which CI runs in a vitest run of their own) keeps
// its last figures, as long as its files are still there.
const kept = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
for (const [key, value] of Object.entries(kept)) {
  const file = key.slice(key.indexOf(':') + 1);
  if (!(key in seconds) && fs.existsSync(path.join(root, file))) seconds[key] = value;
}
const ordered = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync(target, `${JSON.stringify(ordered, null, 2)}\n`);
console.log(`${Object.keys(ordered).length} files → ${path.relative(root, target)}`);
