import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in, across projects: the longest first, so the two workers finish
 * together. vitest's own order runs one project after another by name (the API projects, then e2e,
 * then unit), which left a worker idle at each change of project and put the longest files, the
 * e2e journeys (10–80 s each against 0.1–30 s for an API file), last. Within a project vitest's
 * order stands: the slowest last time first, else the largest file first.
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

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const withinProjects = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order stands within a project.
    return withinProjects.sort((a, b) => rank(a) - rank(b));
  }
}
