import fs from 'node:fs';
import path from 'node:path';
import type { OutputOptions } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Fewer, larger chunks for the pages a visit commonly starts on. Left alone, the bundler gives
 * every set of pages that share a module a chunk of its own, so `/` started 25 script downloads
 * and `/carers` 41 before their first render: on HTTP/1.1 (six connections) that is six or seven
 * round trips one after another on a phone's network, more than the bytes cost.
 *
 * - The code every page loads (the entry and all it imports) is one chunk with the entry.
 * - A module that one or more of `firstPages` import (directly or not) goes into one chunk per set
 *   of first pages that import it, so each first page loads a few chunks instead of one a module.
 *   Other pages that import such a module load its chunk (a few KB more, fewer requests).
 *
 * Measured (gzipped, with the entry): `/` 25 files 148.2 KB → 14 files 144.4 KB; `/carers` 41 files
 * 161.4 KB → 16 files 154.4 KB; the other first pages also fewer files and bytes; the signed-in
 * carer dashboard 99 files 283 KB → 78 files 298 KB (modules it shares with the first pages come in
 * their chunks).
 *
 * `firstPages` are module paths relative to `webRoot` (the keys of Vite's manifest).
 */
export function firstPageChunks(webRoot: string, firstPages: readonly string[]) {
  const pageIds = firstPages.map((page) => path.join(webRoot, page));
  const groupOf = new Map<string, string>();
  // The icons each module names from lucide-react's index (which re-exports every icon): the
  // module needs those icons' files, not all of them.
  const iconsNamed = new Map<string, string[]>();

  const plugin: Plugin = {
    name: 'carematch:first-page-chunks',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(webRoot)) return null;
      const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)].flatMap(
        (match) =>
          match[1]!
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0]!),
      );
      if (names.length) iconsNamed.set(id, names);
      return null;
    },
    buildEnd() {
      groupOf.clear();
      const iconFiles = new Map<string, string>();
      const barrel = [...this.getModuleIds()].find((id) =>
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id),
      );
      if (barrel)
        for (const [, names, file] of fs
          .readFileSync(barrel, 'utf8')
          .matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g))
          for (const name of names!.split(','))
            iconFiles.set(
              name.replace(/^\s*default as\s+/, '').trim(),
              path.resolve(path.dirname(barrel), file!),
            );
      const imports = (id: string) => [
        ...(this.getModuleInfo(id)?.importedIds ?? []).filter((imported) => imported !== barrel),
        ...(iconsNamed.get(id) ?? []).flatMap((name) => iconFiles.get(name) ?? []),
      ];
      const staticClosure = (from: string, seen = new Set<string>()) => {
        if (seen.has(from)) return seen;
        seen.add(from);
        for (const id of imports(from)) staticClosure(id, seen);
        return seen;
      };
      const initial = new Set<string>();
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) staticClosure(id, initial);
      const pagesOf = new Map<string, string[]>();
      pageIds.forEach((pageId, index) => {
        if (!this.getModuleInfo(pageId))
          throw new Error(`first page ${firstPages[index]} is not in the build`);
        for (const id of staticClosure(pageId)) {
          if (initial.has(id) || id === pageId) continue;
          pagesOf.set(id, [...(pagesOf.get(id) ?? []), path.basename(pageId).replace(/\.\w+$/, '')]);
        }
      });
      for (const [id, pages] of pagesOf) groupOf.set(id, pages.join('~'));
    },
  };

  const output: OutputOptions = {
    codeSplitting: {
      groups: [
        { name: 'index', tags: ['$initial'], priority: 2 },
        // Its modules only: a group taking its modules' imports along would take modules that
        // more first pages share into the chunk of fewer.
        { name: (id: string) => groupOf.get(id) ?? null, priority: 1, includeDependenciesRecursively: false },
      ],
    },
  };
  return { plugin, output };
}
