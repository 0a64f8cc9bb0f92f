import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  users,
  type TwoFactorChallengeRow,
  type TwoFactorSecretRow,
  type UserRow,
} from '../../db/schema';

export function createTwoFactorRepository(db: Executor) {
  const s = twoFactorSecrets;
  const r = twoFactorRecoveryCodes;
  const c = twoFactorChallenges;
  return {
    async findSecret(userId: string): Promise<TwoFactorSecretRow | undefined> {
      const [row] = await db.select().from(s).where(eq(s.userId, userId)).limit(1);
      return row;
    },

    /** Starts (or restarts) an enrolment; does nothing when two-factor is already on. */
    async savePendingSecret(userId: string, secretEncrypted: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(s)
        .values({ userId, secretEncrypted, createdAt: at })
        .onConflictDoUpdate({
          target: s.userId,
          set: { secretEncrypted, createdAt: at, lastUsedStep: null, failedCount: 0, lastFailedAt: null },
          setWhere: isNull(s.enabledAt),
        })
        .returning({ userId: s.userId });
      return rows.length === 1;
    },

    /**
     * Records the time step of a code just accepted, only if it is later than the last one used:
     * a code (or an older one) replayed matches no row. Turning on sets `enabled_at` with it.
     */
    async spendStep(userId: string, step: number, enableAt?: Date): Promise<boolean> {
      const rows = await db
        .update(s)
        .set({
          lastUsedStep: step,
          failedCount: 0,
          lastFailedAt: null,
          ...(enableAt ? { enabledAt: enableAt } : {}),
        })
        .where(
          and(
            eq(s.userId, userId),
            enableAt ? isNull(s.enabledAt) : isNotNull(s.enabledAt),
            or(isNull(s.lastUsedStep), lt(s.lastUsedStep, step)),
          ),
        )
        .returning({ userId: s.userId });
      return rows.length === 1;
    },

    /** Counts a wrong code; the count restarts when the last failure is older than `since`. */
    async recordFailure(userId: string, at: Date, since: Date): Promise<number> {
      const [row] = await db
        .update(s)
        .set({
          failedCount: sql`case when ${s.lastFailedAt} is null or ${s.lastFailedAt} < ${since} then 1 else ${s.failedCount} + 1 end`,
          lastFailedAt: at,
        })
        .where(eq(s.userId, userId))
        .returning({ failedCount: s.failedCount });
      return row?.failedCount ?? 0;
    },

    async deleteSecret(userId: string): Promise<void> {
      await db.delete(s).where(eq(s.userId, userId));
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[], at: Date): Promise<void> {
      await db.delete(r).where(eq(r.userId, userId));
      await db.insert(r).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
    },

    async deleteRecoveryCodes(userId: string): Promise<void> {
      await db.delete(r).where(eq(r.userId, userId));
    },

    /** Spends a recovery code in one statement: of two racing uses, one wins. */
    async spendRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(r)
        .set({ usedAt: at })
        .where(and(eq(r.userId, userId), eq(r.codeHash, codeHash), isNull(r.usedAt)))
        .returning({ id: r.id });
      return rows.length === 1;
    },

    async countRecoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(r)
        .where(and(eq(r.userId, userId), isNull(r.usedAt)));
      return row?.left ?? 0;
    },

    // ── half-done sign-ins ─────────────────────────────────────────────────────────────────────
    async insertChallenge(values: {
      idHash: string;
      userId: string;
      step: 'code' | 'setup';
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(c).values(values);
    },

    async findLiveChallenge(
      idHash: string,
      at: Date,
    ): Promise<{ challenge: TwoFactorChallengeRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ challenge: c, user: users })
        .from(c)
        .innerJoin(users, eq(users.id, c.userId))
        .where(and(eq(c.idHash, idHash), gt(c.expiresAt, at)))
        .limit(1);
      return row;
    },

    /** Counts one wrong code against the challenge; returns the attempts so far. */
    async countChallengeAttempt(idHash: string): Promise<number> {
      const [row] = await db
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1` })
        .where(eq(c.idHash, idHash))
        .returning({ attempts: c.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Ends a challenge; true for the one request that ended it (a challenge signs in once). */
    async deleteChallenge(idHash: string): Promise<boolean> {
      const rows = await db.delete(c).where(eq(c.idHash, idHash)).returning({ idHash: c.idHash });
      return rows.length === 1;
    },

    async deleteChallengesOf(userId: string): Promise<void> {
      await db.delete(c).where(eq(c.userId, userId));
    },

    async deleteExpiredChallenges(at: Date): Promise<number> {
      const rows = await db.delete(c).where(lt(c.expiresAt, at)).returning({ idHash: c.idHash });
      return rows.length;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
