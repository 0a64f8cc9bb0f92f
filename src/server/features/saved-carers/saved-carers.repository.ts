import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { carerProfiles, savedCarers, type CarerProfileRow } from '../../db/schema';
import { listingCurrent } from '../carers';

export function createSavedCarersRepository(db: Executor) {
  return {
    /** The customer's saved carers that are still listed, most recently saved first. */
    async listListed(customerId: string): Promise<CarerProfileRow[]> {
      const rows = await db
        .select({ carer: carerProfiles })
        .from(savedCarers)
        .innerJoin(carerProfiles, eq(carerProfiles.id, savedCarers.carerId))
        .where(
          and(
            eq(savedCarers.customerId, customerId),
            eq(carerProfiles.isActive, true),
            listingCurrent(carerProfiles),
          ),
        )
        .orderBy(desc(savedCarers.createdAt));
      return rows.map((row) => row.carer);
    },

    async save(customerId: string, carerId: string): Promise<void> {
      await db.insert(savedCarers).values({ customerId, carerId }).onConflictDoNothing();
    },

    async remove(customerId: string, carerId: string): Promise<void> {
      await db
        .delete(savedCarers)
        .where(and(eq(savedCarers.customerId, customerId), eq(savedCarers.carerId, carerId)));
    },
  };
}
