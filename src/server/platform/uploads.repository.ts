import { eq, inArray } from 'drizzle-orm';
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
    async deleteByKeys(storageKeys: string[]): Promise<void> {
      if (storageKeys.length === 0) return;
      await db.delete(uploads).where(inArray(uploads.storageKey, storageKeys));
    },
  };
}
