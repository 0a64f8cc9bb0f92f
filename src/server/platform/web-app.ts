import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@contracts/errors';
import { createPagePreloads } from './page-preloads';

/**
 * Serves the built React app: hashed assets cached for a year, and index.html (never cached) for
 * every other page address so the client router decides what to show, its 404 page included.
 * Unknown /api addresses answer JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  sessionCookieName: string,
) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile);
  const preloadsFor = hasWeb && webDir ? createPagePreloads(webDir) : undefined;

  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build keeps source maps for reading error reports, unlinked ('hidden'); they are
      // never served, so the site does not hand out its source with its comments.
      globIgnore: ['**/*.map'],
      // build:web writes .br/.gz beside each asset; the client's Accept-Encoding picks one.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // index.html (or its .br/.gz twin) names the current hashed assets: revalidate it after a
        // deploy; so do the service worker (a new one is how an installed app learns of the deploy)
        // and the web app manifest.
        const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : /(\.html|\/sw\.js|\.webmanifest)(\.br|\.gz)?$/.test(filePath.split(path.sep).join('/'))
            ? 'no-cache'
            : 'public, max-age=3600';
        reply.header('cache-control', cacheControl);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!isPage) return reply.status(404).send({ message: ERROR_MESSAGES.notFound });
    reply.header('cache-control', 'no-cache');
    if (preloadsFor)
      reply.header('link', preloadsFor(request.url, Boolean(request.cookies[sessionCookieName])));
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
