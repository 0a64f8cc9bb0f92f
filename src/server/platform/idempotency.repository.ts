import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotentRequests, type IdempotentRequestRow } from '../db/schema';
import { escapeLike } from './like-pattern';

export interface NewClaim {
  scope: string;
  key: string;
  userId: string | null;
  fingerprint: string;
  claim: string;
  lockedUntil: Date;
  expiresAt: Date;
}

export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string | null;
  expiresAt: Date;
}

export function createIdempotencyRepository(db: Executor) {
  const t = idempotentRequests;
  const row = (scope: string, key: string) => and(eq(t.scope, scope), eq(t.key, key));
  return {
    /** Claims the action in one statement: true for the one request (of any instance) that made the row. */
    async claim(claim: NewClaim): Promise<boolean> {
      const inserted = await db
        .insert(t)
        .values(claim)
        .onConflictDoNothing({ target: [t.scope, t.key] })
        .returning({ key: t.key });
      return inserted.length > 0;
    },

    async find(scope: string, key: string): Promise<IdempotentRequestRow | undefined> {
      const [found] = await db.select().from(t).where(row(scope, key)).limit(1);
      return found;
    },

    /**
     * Takes over a row that no longer stands for a live action: an answer past its expiry, or a
     * claim whose holder let its lease run out (an instance that stopped mid-request).
     */
    async takeOver(claim: NewClaim, at: Date): Promise<boolean> {
      const taken = await db
        .update(t)
        .set({
          userId: claim.userId,
          fingerprint: claim.fingerprint,
          claim: claim.claim,
          lockedUntil: claim.lockedUntil,
          expiresAt: claim.expiresAt,
          statusCode: null,
          contentType: null,
          body: null,
        })
        .where(
          and(
            row(claim.scope, claim.key),
            or(
              and(isNotNull(t.statusCode), lte(t.expiresAt, at)),
              and(isNull(t.statusCode), lte(t.lockedUntil, at)),
            ),
          ),
        )
        .returning({ key: t.key });
      return taken.length > 0;
    },

    /**
     * Forgets every stored answer of a deleted account, and any other answer that names it (a
     * partner's answer holding its id, address or name): nothing of it outlives the erasure.
     */
    async forgetAnswersAbout(userId: string, needles: readonly string[]): Promise<void> {
      const words = needles.filter((needle) => needle.trim().length >= 2);
      await db
        .delete(t)
        .where(
          or(eq(t.userId, userId), ...words.map((word) => sql`${t.body} ilike ${`%${escapeLike(word)}%`}`)),
        );
    },

    /** Stores the answer of the claim's holder (a holder whose claim was taken over stores nothing). */
    async complete(scope: string, key: string, claim: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(t)
        .set(answer)
        .where(and(row(scope, key), eq(t.claim, claim)));
    },

    /** Forgets the claim: the request was refused or failed, so a repeat is answered afresh. */
    async release(scope: string, key: string, claim: string): Promise<void> {
      await db.delete(t).where(and(row(scope, key), eq(t.claim, claim)));
    },

    /** Rows past their expiry whose claim, if still unanswered, has also run out. */
    async deleteExpired(before: Date): Promise<number> {
      const deleted = await db
        .delete(t)
        .where(and(lte(t.expiresAt, before), or(isNotNull(t.statusCode), lte(t.lockedUntil, before))))
        .returning({ key: t.key });
      return deleted.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
