import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in, across projects: the longest first, so the two workers finish
 * together. vitest's own order runs one project after another by name (the API projects, then e2e,
 * then unit), which left a worker idle at each change of project and put the longest files, the
 * e2e journeys (10–80 s each against 0.1–30 s for an API file), last.
 */
const PROJECTS_LONGEST_FIRST = [
  'e2e',
  'api-postgres-mocks', // the authorization matrix
  'api-pglite-mocks',
  'api-postgres',
  'api-pglite',
  'unit',
];

const rank = (spec: TestSpecification) => {
  const index = PROJECTS_LONGEST_FIRST.indexOf(spec.project.name);
  return index === -1 ? PROJECTS_LONGEST_FIRST.length : index;
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
