import { and, eq, inArray, not, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';

/** The record of every stored file, so an account's files can be found (export, deletion). */
export function createUploadsRepository(db: Executor) {
  return {
    async insert(values: typeof uploads.$inferInsert): Promise<void> {
      await db.insert(uploads).values(values);
    },
    async deleteByKey(storageKey: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.storageKey, storageKey));
    },
    /** Deletes the row `id` unless `stillReferenced` (an EXISTS of the caller's) holds. */
    async deleteByIdUnless(id: string, stillReferenced: SQL): Promise<void> {
      await db.delete(uploads).where(and(eq(uploads.id, id), not(stillReferenced)));
    },
    async deleteByKeys(storageKeys: string[]): Promise<void> {
      if (storageKeys.length === 0) return;
      await db.delete(uploads).where(inArray(uploads.storageKey, storageKeys));
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
