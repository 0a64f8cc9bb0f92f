// Writes src/contracts/endpoint-paths.generated.ts: each declared endpoint's method and path, and
// nothing else, for the web client (decision 0034). The declarations hold zod schemas, which the
// pages a visitor meets first must not load; this table holds none. Run `npm run
// generate:endpoints` after adding or changing an endpoint; tests/unit/endpoint-paths.test.ts fails
// while the table is out of date.
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { endpoints } from '../src/contracts/api';

export const ENDPOINT_PATHS_FILE = fileURLToPath(
  new URL('../src/contracts/endpoint-paths.generated.ts', import.meta.url),
);

const HEADER = `// Generated from the endpoint declarations (src/contracts/api) by \`npm run generate:endpoints\`:
// do not edit. Each endpoint's method and path, without its schemas, for the web (decision 0034).
`;

/** The table's source as the generator writes it (formatted as the repository formats code). */
export async function endpointPathsSource(): Promise<string> {
  // One endpoint a line, each feature's group expanded (prettier keeps an object broken when its
  // source breaks after the brace).
  const groups = Object.entries(endpoints).map(([feature, group]) => {
    const lines = Object.entries(group).map(
      ([name, { method, path }]) => `${name}: ${JSON.stringify({ method, path })},`,
    );
    return `${feature}: {\n${lines.join('\n')}\n},`;
  });
  const source = `${HEADER}export const endpointPaths = {\n${groups.join('\n')}\n} as const;\n`;
  const options = await prettier.resolveConfig(ENDPOINT_PATHS_FILE);
  return prettier.format(source, { ...options, filepath: ENDPOINT_PATHS_FILE });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(ENDPOINT_PATHS_FILE, await endpointPathsSource());
}
