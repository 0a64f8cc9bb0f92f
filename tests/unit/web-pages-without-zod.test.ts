import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The schemas (zod and every contract built with it) are ~90 KB of script. The app's entry, the
 * landing page and the carer search, the pages a new visitor meets first, load none of it: their
 * constants and texts come from zod-free contract modules (week.ts, carers-search-text.ts,
 * messaging-texts.ts, carers-search-url.ts…). This walks their static value imports, as the bundler
 * does (type-only imports vanish; `import()` loads later), and names the path to any module that
 * imports zod.
 */

const ROOT = path.resolve(__dirname, '../..');
const ALIASES: Record<string, string> = {
  '@contracts/': 'src/contracts/',
  '@web/': 'src/web/',
};

function resolve(from: string, specifier: string): string | null {
  let base: string | null = null;
  for (const [alias, target] of Object.entries(ALIASES))
    if (specifier.startsWith(alias)) base = path.join(ROOT, target, specifier.slice(alias.length));
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  if (base === null) return null; // a package: only zod matters, and it is looked for by name
  if (/\.(css|svg|png|jpe?g|webp|woff2?)(\?.*)?$/.test(specifier)) return null; // assets, not script
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate)) return candidate;
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** The modules a file loads at once: value imports and re-exports, not types, not `import()`. */
function valueImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)';?$/gms;
  for (const match of code.matchAll(statement)) {
    const [, , typeOnly, clause, specifier] = match;
    if (typeOnly) continue;
    const names = /^\{([\s\S]*)\}$/.exec(clause!.trim())?.[1];
    if (
      names !== undefined &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '))
    )
      continue;
    found.push(specifier!);
  }
  for (const match of code.matchAll(/^import\s+'([^']+)';?$/gm)) found.push(match[1]!);
  return found;
}

/** The chain of modules from `entry` to one that imports zod, or null when there is none. */
function pathToZod(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of valueImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return [...chain, file];
      const next = resolve(file, specifier);
      if (next) {
        const found = walk(next, [...chain, file]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(path.join(ROOT, entry), []);
}

describe('the pages a new visitor meets first load no schemas', () => {
  it.each([
    'src/web/main.tsx',
    'src/web/features/site/pages/landing-page.tsx',
    'src/web/features/carers/pages/carer-search-page.tsx',
  ])('%s', (entry) => {
    const chain = pathToZod(entry);
    expect(chain?.map((file) => path.relative(ROOT, file)).join(' → ') ?? null).toBeNull();
  });

  it('finds the way to zod when there is one (the walk is not blind)', () => {
    expect(pathToZod('src/web/features/carers/pages/carer-profile-page.tsx')).not.toBeNull();
  });
});
