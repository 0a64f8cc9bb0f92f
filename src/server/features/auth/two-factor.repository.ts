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

    /**
     * Reserves one code check against the account before the code is looked at (decision
     * 0017): counts it as a failure in the same statement that answers "allowed?". The count restarts
     * when the last failure is older than `since`; while `max` failures are newer than `since` the
     * second step is locked and nothing is counted (the lock does not grow). Returns the count with
     * this attempt, or null when locked (or there is no key). A right code clears it (spendStep,
     * clearFailures).
     */
    async reserveFailure(userId: string, at: Date, since: Date, max: number): Promise<number | null> {
      const [row] = await db
        .update(s)
        .set({
          failedCount: sql`case when ${s.lastFailedAt} is null or ${s.lastFailedAt} < ${since} then 1 else ${s.failedCount} + 1 end`,
          lastFailedAt: at,
        })
        .where(
          and(
            eq(s.userId, userId),
            sql`not (${s.failedCount} >= ${max} and ${s.lastFailedAt} is not null and ${s.lastFailedAt} >= ${since})`,
          ),
        )
        .returning({ failedCount: s.failedCount });
      return row?.failedCount ?? null;
    },

    /** A right recovery code: the reserved attempt and earlier failures no longer count. */
    async clearFailures(userId: string): Promise<void> {
      await db.update(s).set({ failedCount: 0, lastFailedAt: null }).where(eq(s.userId, userId));
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

    /** Whether this is one of the account's recovery codes that was spent already. */
    async recoveryCodeWasUsed(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.userId, userId), eq(r.codeHash, codeHash), isNotNull(r.usedAt)))
        .limit(1);
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

    /**
     * Reserves one code check against a live challenge before the code is looked at: the count with
     * this attempt, or null when the challenge has expired or gone.
     */
    async reserveChallengeAttempt(idHash: string, at: Date): Promise<number | null> {
      const [row] = await db
        .update(c)
        .set({ attempts: sql`${c.attempts} + 1` })
        .where(and(eq(c.idHash, idHash), gt(c.expiresAt, at)))
        .returning({ attempts: c.attempts });
      return row?.attempts ?? null;
    },

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
