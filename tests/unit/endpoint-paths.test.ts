import fs from 'node:fs';
import { expect, it } from 'vitest';
import { ENDPOINT_PATHS_FILE, endpointPathsSource } from '../../scripts/generate-endpoint-paths';

/*
 * Decision 0034: the web's method and path of each endpoint come from a table generated from the
 * endpoint declarations (src/contracts/api), so that the pages a visitor meets first load no
 * schemas. A declaration added or changed without regenerating the table fails here.
 */
it('the endpoint table is the one generated from the declarations (npm run generate:endpoints)', async () => {
  expect(fs.readFileSync(ENDPOINT_PATHS_FILE, 'utf8')).toBe(await endpointPathsSource());
});
