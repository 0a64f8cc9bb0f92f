import type { FastifyBaseLogger } from 'fastify';
import { PUSH_MAX_PER_MINUTE, PUSH_TEXTS, type PushPayload } from '@contracts/push';
import type { Database } from '../../db/client';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { createPushRepository, type PushOutboxRow, type PushSubscriptionRow } from './push.repository';
import { topicOf, type PushSender } from './push-sender';

/** Pushes per person per minute, over all their devices (decision 0044); the rest are collapsed. */
export const PUSH_RATE: RateLimitRule = { bucket: 'push', limit: PUSH_MAX_PER_MINUTE, windowSeconds: 60 };
/** After this many failed attempts a notice is dropped: a late push is worse than none. */
export const PUSH_MAX_ATTEMPTS = 5;
/** How long a push service keeps a notice for a device that is offline. */
const TTL_SECONDS = 12 * 60 * 60;
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 50;
const MAX_BATCHES_PER_RUN = 10;
const URGENT = new Set(['no_show_alerts', 'visit_notices', 'cover_offers']);

const retryDelayMs = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 30) * 60_000;

export interface PushDispatchResult {
  sent: number;
  collapsed: number;
  postponed: number;
  failed: number;
  /** Subscriptions dropped because the push service said they are gone. */
  dropped: number;
}

interface DispatcherDeps {
  db: Database;
  sender: PushSender;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const payloadOf = (row: PushOutboxRow): PushPayload => ({
  title: row.title,
  body: row.body,
  url: row.url,
  tag: row.tag,
  kind: row.kind as PushPayload['kind'],
});

export function createPushDispatcher({
  db,
  sender,
  rateLimiter,
  log,
  now = () => new Date(),
}: DispatcherDeps) {
  const repository = createPushRepository(db);
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Infinity;

  /**
   * Sends one payload to every device of a person. True when every device took it or is gone; a
   * device the push service says is gone (404, 410) is dropped.
   */
  async function toDevices(
    devices: PushSubscriptionRow[],
    payload: PushPayload,
    result: PushDispatchResult,
  ): Promise<{ ok: boolean; error: string | null }> {
    let error: string | null = null;
    const pushed: string[] = [];
    for (const device of devices) {
      try {
        const status = await sender.send(device, JSON.stringify(payload), {
          topic: topicOf(payload.tag),
          ttlSeconds: TTL_SECONDS,
          urgency: URGENT.has(payload.kind) ? 'high' : 'normal',
        });
        if (status === 404 || status === 410) {
          await repository.deleteGone(device.id);
          result.dropped += 1;
        } else if (status >= 200 && status < 300) {
          pushed.push(device.id);
        } else {
          error = `push service answered ${status}`;
        }
      } catch (failure) {
        error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 300);
      }
    }
    await repository.markPushed(pushed, now());
    return { ok: error === null, error };
  }

  /** One person's due notices, oldest first, within their rate. */
  async function deliverFor(
    userId: string,
    rows: PushOutboxRow[],
    devices: PushSubscriptionRow[],
    result: PushDispatchResult,
  ) {
    if (devices.length === 0) {
      // Push turned off on every device since: nothing to send them to.
      await repository.deleteNotices(rows.map((row) => row.id));
      return;
    }
    const waiting = [...rows];
    while (waiting.length > 0) {
      const reservation = await rateLimiter.reserve(PUSH_RATE, userId);
      if (!reservation.allowed) {
        // Over the rate: they wait for the window's end, and go then (collapsed if many).
        await reservation.release();
        const ids = waiting.map((row) => row.id);
        await repository.giveBackAttempts(ids);
        await repository.postpone(ids, reservation.resetAt, null);
        result.postponed += ids.length;
        wakeUpAt(reservation.resetAt);
        return;
      }
      // The last push the rate allows carries every notice still waiting, as one.
      const collapse = reservation.remaining === 0 && waiting.length > 1;
      const batch = collapse ? waiting.splice(0) : waiting.splice(0, 1);
      const payload: PushPayload = collapse
        ? {
            title: PUSH_TEXTS.title,
            body: PUSH_TEXTS.collapsed(batch.length),
            url: '/',
            tag: 'carematch-collapsed',
            kind: 'collapsed',
          }
        : payloadOf(batch[0]!);
      const { ok, error } = await toDevices(devices, payload, result);
      const ids = batch.map((row) => row.id);
      if (ok) {
        await repository.deleteNotices(ids);
        if (collapse) result.collapsed += ids.length;
        else result.sent += 1;
        continue;
      }
      await reservation.release();
      result.failed += ids.length;
      const giveUp = batch.filter((row) => row.attempts >= PUSH_MAX_ATTEMPTS).map((row) => row.id);
      await repository.deleteNotices(giveUp);
      const retry = batch.filter((row) => row.attempts < PUSH_MAX_ATTEMPTS);
      for (const row of retry) {
        await repository.postpone([row.id], new Date(now().getTime() + retryDelayMs(row.attempts)), error);
      }
      log.warn(
        { push: { userId, notices: ids.length, gaveUp: giveUp.length }, error },
        'push delivery failed',
      );
      // The rest wait for the next run rather than meet the same failing service now.
      const rest = waiting.splice(0).map((row) => row.id);
      await repository.giveBackAttempts(rest);
      await repository.postpone(rest, new Date(now().getTime() + 60_000), null);
    }
  }

  async function deliverDue(): Promise<PushDispatchResult> {
    const result: PushDispatchResult = { sent: 0, collapsed: 0, postponed: 0, failed: 0, dropped: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const at = now();
      const rows = await repository.claimDue(
        new Date(at.getTime() + 1),
        new Date(at.getTime() + LEASE_MS),
        BATCH_SIZE,
      );
      if (rows.length === 0) break;
      const byUser = new Map<string, PushOutboxRow[]>();
      for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      const devices = await repository.subscriptionsOf([...byUser.keys()]);
      for (const [userId, own] of byUser) {
        await deliverFor(
          userId,
          own,
          devices.filter((device) => device.userId === userId),
          result,
        );
      }
      if (rows.length < BATCH_SIZE) break;
    }
    return result;
  }

  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<PushDispatchResult> | undefined;
  let closed = false;

  function dispatch(): Promise<PushDispatchResult> {
    if (queued) return queued;
    const run = tail.then(() => {
      queued = undefined;
      return deliverDue();
    });
    queued = run;
    tail = run.catch(() => {});
    return run;
  }

  function dispatchSoon(): void {
    dispatch().catch((error: unknown) => log.error({ err: error }, 'push dispatch failed'));
  }

  /** Notices held back by the rate go when its window ends, without waiting for housekeeping. */
  function wakeUpAt(at: Date) {
    if (closed || at.getTime() >= wakeAt) return;
    if (timer) clearTimeout(timer);
    wakeAt = at.getTime();
    timer = setTimeout(
      () => {
        timer = undefined;
        wakeAt = Infinity;
        dispatchSoon();
      },
      Math.max(0, at.getTime() - now().getTime()) + 50,
    );
    timer.unref();
  }

  return {
    /** Sends every due push once (rate and collapse applied); housekeeping and tests call it. */
    dispatch,
    /** After a commit that queued pushes: starts a dispatch without waiting for it. */
    dispatchSoon,
    async idle(): Promise<void> {
      for (;;) {
        const current = tail;
        await current;
        if (current === tail) return;
      }
    },
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
