import type { Plugin } from 'vite';
import { endpointPaths } from '../../src/contracts/endpoint-paths.generated';

const IMPORT = /import\s*\{\s*endpoints\s*\}\s*from\s*'@contracts\/endpoints';?/;
const USE = /\bendpoints\.(\w+)\.(\w+)\b/g;

/**
 * Writes each `endpoints.<feature>.<name>` of the web's code as its own `{ method, path }`, so a
 * page's chunk holds the few endpoints it calls instead of the whole table (~14 KB of script in
 * the first chunk every page loads). The table is the same generated one, so nothing can drift;
 * a use the rewrite does not recognise keeps the import, and with it the table.
 */
export function inlineEndpoints(): Plugin {
  const table = endpointPaths as Record<string, Record<string, { method: string; path: string }>>;
  return {
    name: 'carematch:inline-endpoints',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/web\/.*\.tsx?$/.test(id) || !IMPORT.test(code)) return null;
      let unknown = false;
      const inlined = code.replace(USE, (whole, feature: string, name: string) => {
        const endpoint = table[feature]?.[name];
        if (!endpoint) {
          unknown = true;
          return whole;
        }
        return `(${JSON.stringify({ method: endpoint.method, path: endpoint.path })})`;
      });
      const rest = inlined.replace(IMPORT, '');
      // Any other use of `endpoints` (a whole feature passed on, an unknown name): keep the table.
      const withoutComments = rest.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return { code: unknown || /\bendpoints\b/.test(withoutComments) ? inlined : rest, map: null };
    },
  };
}
