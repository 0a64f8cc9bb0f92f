import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import durations from '../support/file-durations.json';
import { LongestFirstSequencer } from '../support/sequencer';

// A fresh clone (CI) has no vitest cache: the committed figures order the files, longest first.
const root = path.resolve(import.meta.dirname, '../..');
const spec = (project: string, file: string) =>
  ({
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
    moduleId: path.join(root, file),
  }) as unknown as TestSpecification;
const sequencer = (cached: Record<string, number> = {}) =>
  new LongestFirstSequencer({
    config: { root },
    cache: {
      getFileTestResults: (key: string) =>
        key in cached ? { duration: cached[key], failed: false } : undefined,
      getFileStats: () => ({ size: 1 }),
    },
  } as unknown as Vitest);
const names = (specs: TestSpecification[]) =>
  specs.map((one) => `${one.project.name}:${path.relative(root, one.moduleId)}`);

describe('the order test files start in', () => {
  const e2e = Object.entries(durations as Record<string, number>)
    .filter(([key]) => key.startsWith('e2e:'))
    .sort(([, a], [, b]) => b - a)
    .map(([key]) => key);

  it('runs the API projects first, then the unit files, then the e2e journeys longest first, on a fresh clone from the committed figures', async () => {
    const files = [...e2e].reverse().map((key) => spec('e2e', key.slice('e2e:'.length)));
    files.push(
      spec('unit', 'tests/unit/sequencer.test.ts'),
      spec('api-pglite', 'tests/api/carers.test.ts'),
      spec('api-postgres', 'tests/api/carers.test.ts'),
      spec('api-postgres-mocks', 'tests/api/authorization-matrix.test.ts'),
    );
    const order = names(await sequencer().sort(files));
    expect(order.slice(0, 4)).toEqual([
      'api-postgres-mocks:tests/api/authorization-matrix.test.ts',
      'api-postgres:tests/api/carers.test.ts',
      'api-pglite:tests/api/carers.test.ts',
      'unit:tests/unit/sequencer.test.ts',
    ]);
    const journeys = order.slice(4);
    const seconds = journeys.map((key) => (durations as Record<string, number>)[key]!);
    expect(new Set(journeys)).toEqual(new Set(e2e));
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
    expect(journeys[0]).toBe(e2e[0]);
  });

  it('prefers this machine’s last run, and starts a file never timed before the timed ones', async () => {
    const [longest, second] = e2e as [string, string];
    const files = [
      spec('e2e', longest.slice(4)),
      spec('e2e', second.slice(4)),
      spec('e2e', 'tests/e2e/new.e2e.ts'),
    ];
    const order = names(await sequencer({ [longest]: 1_000 }).sort(files));
    expect(order).toEqual(['e2e:tests/e2e/new.e2e.ts', second, longest]);
  });
});
