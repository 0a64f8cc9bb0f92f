import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_MODULES } from '../../src/server/platform/page-preloads';
import { createTestApp, type TestApp } from '../support/test-app';

// A miniature build: what `npm run build:web` writes (assets plus their .br/.gz twins).
const INDEX_HTML = `<!doctype html><html><head><title>CareMatch</title></head><body>${'<!-- padding -->'.repeat(100)}<div id="root"></div></body></html>`;
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

// What Vite's manifest says of the entry, the landing page's chunk and a chunk both share.
const MANIFEST = {
  'index.html': { file: 'assets/app-abc123.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-111.js' },
  'features/site/pages/landing-page.tsx': {
    file: 'assets/landing-page-222.js',
    imports: ['_shared.js', '_star.js'],
  },
  '_star.js': { file: 'assets/star-333.js' },
  // The web font's files, referenced from the entry's CSS: only the Latin one is preloaded.
  '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2': {
    file: 'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
  },
  '../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2': {
    file: 'assets/inter-latin-ext-wght-normal-a1b2.woff2',
  },
  '../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2': {
    file: 'assets/inter-cyrillic-wght-normal-c3d4.woff2',
  },
};

function writeWithTwins(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
}

describe('serving the web build', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carematch-web-'));
    writeWithTwins(path.join(webDir, 'index.html'), INDEX_HTML);
    writeWithTwins(path.join(webDir, 'assets', 'app-abc123.js'), APP_JS);
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":[]}');
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({}, webDir);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ])('sends the precompressed asset for Accept-Encoding %s', async (accept, encoding, decode) => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(decode(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the plain asset to a client that accepts no encoding', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(APP_JS);
  });

  it('sends index.html, compressed and never cached, for every page address', async () => {
    const response = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers JSON 404 for an unknown /api address and a missing asset', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing.js']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('never serves source maps or the build manifest', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/.vite/manifest.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  describe('preloads for the first page', () => {
    const links = (header: string | string[] | number | undefined) => String(header).split(', ');
    const auth = '</api/auth/session>; rel=preload; as=fetch; crossorigin=use-credentials';
    const font =
      '</assets/inter-latin-wght-normal-Dx4kXJAl.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin';

    it('starts the sign-in check, the landing page code (not the entry again) and its carers at once', async () => {
      const response = await t.app.inject({ url: '/' });
      expect(links(response.headers.link)).toEqual([
        auth,
        font,
        '</assets/landing-page-222.js>; rel=modulepreload',
        '</assets/star-333.js>; rel=modulepreload',
        '</api/carers?limit=3>; rel=preload; as=fetch; crossorigin=use-credentials',
      ]);
    });

    it('preloads only the sign-in check and the font for a signed-in visit to /', async () => {
      const response = await t.app.inject({ url: '/', cookies: { [t.config.session.cookieName]: 'x' } });
      expect(links(response.headers.link)).toEqual([auth, font]);
    });

    it("preloads the web font's Latin file, and no other subset, on every page (issue 21 point 12)", async () => {
      for (const url of ['/about', '/carers', '/settings', '/no-such-page']) {
        const found = links((await t.app.inject({ url })).headers.link).filter((link) =>
          link.includes('.woff2'),
        );
        expect(found, url).toEqual([font]);
      }
    });

    it("preloads the search's first page at the address the page will ask for", async () => {
      const response = await t.app.inject({
        url: '/carers?careType=Dementia+Care&location=Leeds&sort=nonsense',
      });
      expect(links(response.headers.link)).toContain(
        '</api/carers?location=Leeds&careType=Dementia+Care&limit=12>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
    });

    it('names page modules that exist', () => {
      for (const module of Object.values(FIRST_PAGE_MODULES)) {
        expect(fs.existsSync(path.join(__dirname, '../../src/web', module)), module).toBe(true);
      }
    });
  });
});
