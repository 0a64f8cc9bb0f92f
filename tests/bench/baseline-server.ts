// The baseline server of the search benchmark: the spec's original design, where the client got
// every carer (`GET /api/test/carers`: SELECT * FROM carer_profiles through Drizzle) and filtered
// them itself. Here that filtering runs in this process on each request. Benchmark only: it is
// not part of the product.

import { CarerSearchQuery } from '@contracts/carers';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client';
import { carerProfiles } from '../../src/server/db/schema';
import { toPublicCarer } from '../../src/server/features/carers/carer-mapper';
import { referenceSearch } from './reference-search';

export async function createBaselineServer(db: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/api/carers', async (request, reply) => {
    const query = CarerSearchQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ message: query.error.issues[0]?.message });
    const everyone = await db.select().from(carerProfiles);
    const { rows, nextCursor } = referenceSearch(everyone, query.data);
    return { items: rows.map(toPublicCarer), nextCursor };
  });
  // Every row, for the benchmark's result check when the database lives in this process (PGlite).
  app.get('/bench/rows', async () => db.select().from(carerProfiles));
  await app.ready();
  return app;
}
