import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushOutbox, pushSettings, pushSubscriptions, pushVapidKeys } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushOutboxRow = typeof pushOutbox.$inferSelect;

export function createPushRepository(db: Executor) {
  return {
    /**
     * This browser's subscription, for `userId` and the session turning it on. The endpoint is the
     * device: subscribing it again (another account signed in there since) moves it to this one.
     */
    async upsertSubscription(values: {
      userId: string;
      sessionIdHash: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      label: string;
      userAgent: string | null;
      at: Date;
    }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ...values, createdAt: values.at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            sessionIdHash: values.sessionIdHash,
            p256dh: values.p256dh,
            auth: values.auth,
            label: values.label,
            userAgent: values.userAgent,
            createdAt: values.at,
            lastPushedAt: null,
          },
        })
        .returning();
      if (!row) throw new Error('push subscription upsert returned no row');
      return row;
    },

    async devicesOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },

    async ownsEndpoint(userId: string, endpoint: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
      return Boolean(row);
    },

    async deleteOwn(userId: string, where: { id: string } | { endpoint: string }): Promise<number> {
      const match =
        'id' in where ? eq(pushSubscriptions.id, where.id) : eq(pushSubscriptions.endpoint, where.endpoint);
      const deleted = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), match))
        .returning({ id: pushSubscriptions.id });
      return deleted.length;
    },

    /** The push service said the subscription is gone (404/410). */
    async deleteGone(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async subscriptionsOf(userIds: string[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    },

    async markPushed(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(pushSubscriptions).set({ lastPushedAt: at }).where(inArray(pushSubscriptions.id, ids));
    },

    async settingsOf(userId: string): Promise<{ kindsOff: string[]; previews: boolean }> {
      const [row] = await db
        .select({ kindsOff: pushSettings.kindsOff, previews: pushSettings.previews })
        .from(pushSettings)
        .where(eq(pushSettings.userId, userId));
      return row ?? { kindsOff: [], previews: false };
    },

    async saveSettings(userId: string, kindsOff: string[], previews: boolean, at: Date): Promise<void> {
      await db
        .insert(pushSettings)
        .values({ userId, kindsOff, previews, updatedAt: at })
        .onConflictDoUpdate({ target: pushSettings.userId, set: { kindsOff, previews, updatedAt: at } });
    },

    /** The demo key pair: the one stored, or `made` stored now (the first start wins a race). */
    async demoVapidKeys(made: { publicKey: string; privateKey: string }) {
      await db
        .insert(pushVapidKeys)
        .values({ id: 1, ...made })
        .onConflictDoNothing();
      const [row] = await db
        .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
        .from(pushVapidKeys)
        .where(eq(pushVapidKeys.id, 1));
      if (!row) throw new Error('push_vapid_keys has no row');
      return row;
    },

    /** Takes up to `limit` due pushes for this dispatcher, leasing them (as the email outbox does). */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<PushOutboxRow[]> {
      const due = db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(lte(pushOutbox.nextAttemptAt, at))
        .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(pushOutbox)
        .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(pushOutbox.id, due))
        .returning();
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    /** Sent (or given up): what a notice said is not kept. */
    async deleteNotices(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
    },

    async postpone(ids: string[], until: Date, error: string | null): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushOutbox)
        .set({ nextAttemptAt: until, lastError: error })
        .where(inArray(pushOutbox.id, ids));
    },

    /** A rate-limited notice's attempt does not count as a failed one. */
    async giveBackAttempts(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushOutbox)
        .set({ attempts: sql`greatest(${pushOutbox.attempts} - 1, 0)` })
        .where(inArray(pushOutbox.id, ids));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
