import fs from 'node:fs';
import path from 'node:path';
import {
  carerSearchApiUrl,
  filtersFromSearchParams,
  LANDING_CARERS_API_URL,
} from '@contracts/carers-search-url';
import { apiPaths, paths } from '@contracts/paths';

/**
 * The first module of each page a visit commonly starts on (keys of Vite's manifest, relative to
 * src/web). The router loads the same modules; tests/api/web-app.test.ts checks they exist.
 */
export const FIRST_PAGE_MODULES: Readonly<Record<string, string>> = {
  [paths.home]: 'features/site/pages/landing-page.tsx',
  [paths.pricing]: 'features/subscriptions/pages/pricing-page.tsx',
  [paths.about]: 'features/site/pages/about-page.tsx',
  [paths.contact]: 'features/contact/pages/contact-page.tsx',
  [paths.help]: 'features/site/pages/help-page.tsx',
  [paths.carers]: 'features/carers/pages/carer-search-page.tsx',
  [paths.login]: 'features/auth/pages/login-page.tsx',
  [paths.register]: 'features/auth/pages/register-page.tsx',
};

/** The built name of the web font's Latin subset (Fontsource's Inter, variable weights). */
export const LATIN_FONT_FILE = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk files of `key` and of everything it imports statically, each once. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen))];
}

/**
 * `Link` headers for the page shell: the browser starts the sign-in check, the page's code and
 * its first data while the main bundle is still downloading, instead of one after another.
 * Addresses are exactly those the web app requests, so the preloaded answers are the ones it uses.
 */
export function createPagePreloads(webDir: string): (pageUrl: string, hasSession: boolean) => string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  const entryFiles = new Set(chunkFiles(manifest, 'index.html'));
  const fetchLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
  const moduleLink = (file: string) => `</${file}>; rel=modulepreload`;
  // The web font's Latin file: every first paint sets text in it. The other
  // scripts' subsets load only on pages that use their characters, so they are not preloaded.
  const fontFile = Object.values(manifest).find((chunk) => LATIN_FONT_FILE.test(chunk.file))?.file;
  const fontLink = fontFile ? `</${fontFile}>; rel=preload; as=font; type="font/woff2"; crossorigin` : null;

  return (pageUrl, hasSession) => {
    const url = new URL(pageUrl, 'http://localhost');
    const page = url.pathname.replace(/(.)\/+$/, '$1');
    const links = [fetchLink(apiPaths.session)];
    if (fontLink) links.push(fontLink);
    // Signed in, '/' is the signed-in home, not the landing: only the check is worth starting.
    const module = page === paths.home && hasSession ? undefined : FIRST_PAGE_MODULES[page];
    if (module) {
      for (const file of chunkFiles(manifest, module)) {
        if (!entryFiles.has(file)) links.push(moduleLink(file));
      }
    }
    if (page === paths.home && !hasSession) links.push(fetchLink(LANDING_CARERS_API_URL));
    if (page === paths.carers) {
      links.push(fetchLink(carerSearchApiUrl(filtersFromSearchParams(url.searchParams), null)));
    }
    return links.join(', ');
  };
}
