import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/server/paths';

/**
 * Vitest global setup of the deploy tests: the production server bundle (dist/server/main.js,
 * what `npm start` and `npm run start:cluster` run) is built once from the code under test, before
 * any file starts, and every deploy test runs that one build.
 */
export default function buildOnce() {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building the production server failed:\n${build.stderr}`);
}
