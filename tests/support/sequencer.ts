import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in: project by project, the longest first within each, so the two workers
 * finish together. The API projects come first: each change of project starts new workers, which
 * import the app (10–13 s before a project's first file, 39 s for PGlite's), and at the start of a
 * run the static checks in CI's second lane use the CPU those starts leave idle; after the e2e files,
 * with the lane done, the same starts left the machine idle (44 s with no file running and 82 s
 * with one, of the API files' 224 s, on 2026-11-29's clean clone). The e2e journeys (10–150 s each
 * against 0.1–30 s for an API file) follow, longest first, so the run ends on short ones. vitest's
 * own order (projects by name, then by size) put the longest journeys last. The unit files close the
 * first group: the e2e files are a group of their own, with more workers (vitest.config.ts), which
 * starts when the first has finished.
 */
const PROJECTS_IN_ORDER = [
  'api-postgres-mocks', // the authorization matrix
  'api-pglite-mocks',
  'api-postgres',
  'api-pglite',
  'unit',
  'e2e',
];

const rank = (spec: TestSpecification) => {
  const index = PROJECTS_IN_ORDER.indexOf(spec.project.name);
  return index === -1 ? PROJECTS_IN_ORDER.length : index;
};

/**
 * Within a project, the slowest last time first: from vitest's cache of this machine's last run,
 * else from the committed table (scripts/test-durations.mjs). A fresh clone, as in CI, has no
 * cache, and vitest then starts the largest file first, which put a short file with long waits
 * (the layout sweeps) first and the longest journey late.
 */
const committed: Record<string, number> = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'file-durations.json'), 'utf8'),
);

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const keyOf = (spec: TestSpecification) =>
      `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/')}`;
    const seconds = (spec: TestSpecification): number | undefined => {
      const key = keyOf(spec);
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      return cached === undefined ? committed[key] : cached / 1000;
    };
    const withinProjects = await super.sort(files);
    const vitestOrder = new Map(withinProjects.map((spec, index) => [spec, index]));
    // Per project: files never timed first, in vitest's order (unknown first, then by size), then
    // the timed ones, longest first.
    const order = (spec: TestSpecification): [number, number, number] => {
      const known = seconds(spec);
      return known === undefined ? [rank(spec), 0, vitestOrder.get(spec)!] : [rank(spec), 1, -known];
    };
    return withinProjects
      .map((spec) => ({ spec, key: order(spec) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ spec }) => spec);
  }
}
