import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ERROR_MESSAGES } from '@contracts/errors';

/** OpenStreetMap's land colour: the blank tiles look like a map with nothing drawn on it yet. */
const LAND = '#f2efe9';

/**
 * Demo mode's and the tests' map tiles (DEMO_TILE_URL): one blank tile for every address, so the
 * carer map works with no outside host. Registered only outside production, like the mailbox.
 */
export function registerDemoTilesRoutes(app: FastifyInstance) {
  let tile: Promise<Buffer> | undefined;
  app.get(
    '/demo/tiles/*',
    { config: { anonymous: true }, schema: { hide: true } },
    async (request, reply) => {
      const address = (request.params as { '*': string })['*'];
      if (!/^\d{1,2}\/\d{1,7}\/\d{1,7}$/.test(address))
        return reply.status(404).send({ message: ERROR_MESSAGES.notFound });
      tile ??= sharp({ create: { width: 256, height: 256, channels: 3, background: LAND } })
        .png()
        .toBuffer();
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await tile);
    },
  );
}
