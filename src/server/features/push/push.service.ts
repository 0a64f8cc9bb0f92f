import {
  PUSH_KINDS,
  PUSH_MAX_DEVICES,
  PUSH_MESSAGES,
  type PushDevice,
  type PushKey,
  type PushSettings,
  type PushSettingsInput,
  type PushSubscriptionInput,
} from '@contracts/push';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { deviceName } from '../settings';
import { createPushRepository, type PushSubscriptionRow } from './push.repository';

type PushConfig = NonNullable<AppConfig['push']>;

/** Whether a subscription's endpoint is a push service we send to (never an address of a client's choosing). */
export function endpointAllowed(
  endpoint: string,
  push: Pick<PushConfig, 'serviceHosts' | 'allowHttp'>,
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && !(push.allowHttp && url.protocol === 'http:')) return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return push.serviceHosts.some((allowed) =>
    allowed.startsWith('.') ? host.endsWith(allowed) && host.length > allowed.length : host === allowed,
  );
}

interface PushServiceDeps {
  db: Database;
  push: PushConfig | undefined;
  publicKey: string | null;
  now?: () => Date;
}

export function createPushService({ db, push, publicKey, now = () => new Date() }: PushServiceDeps) {
  const repository = createPushRepository(db);

  const deviceOf = (row: PushSubscriptionRow, session: SessionRow | null): PushDevice => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    thisDevice: session !== null && row.sessionIdHash === session.idHash,
  });

  async function settings(user: UserRow, session: SessionRow | null): Promise<PushSettings> {
    const [saved, devices] = await Promise.all([
      repository.settingsOf(user.id),
      repository.devicesOf(user.id),
    ]);
    return {
      kinds: Object.fromEntries(
        PUSH_KINDS.map((kind) => [kind, !saved.kindsOff.includes(kind)]),
      ) as PushSettings['kinds'],
      previews: saved.previews,
      devices: devices.map((row) => deviceOf(row, session)),
    };
  }

  return {
    key(): PushKey {
      return push && publicKey ? { enabled: true, publicKey } : { enabled: false, publicKey: null };
    },

    settings,

    async saveSettings(
      user: UserRow,
      session: SessionRow | null,
      input: PushSettingsInput,
    ): Promise<PushSettings> {
      const saved = await repository.settingsOf(user.id);
      const off = new Set(saved.kindsOff);
      for (const kind of PUSH_KINDS) {
        const on = input.kinds?.[kind];
        if (on === true) off.delete(kind);
        if (on === false) off.add(kind);
      }
      await repository.saveSettings(
        user.id,
        PUSH_KINDS.filter((kind) => off.has(kind)),
        input.previews ?? saved.previews,
        now(),
      );
      return settings(user, session);
    },

    /** Turns push on for the browser of `session`: its subscription, stored (or moved) for this account. */
    async subscribe(
      user: UserRow,
      session: SessionRow,
      input: PushSubscriptionInput,
      userAgent: string | undefined,
    ): Promise<PushDevice> {
      if (!push || !publicKey) throw AppError.conflict(PUSH_MESSAGES.disabled);
      if (user.role === 'admin') throw AppError.forbidden(PUSH_MESSAGES.onlyFamiliesAndCarers);
      if (!endpointAllowed(input.endpoint, push)) {
        throw AppError.badRequest(PUSH_MESSAGES.endpointNotAllowed, {
          endpoint: PUSH_MESSAGES.endpointNotAllowed,
        });
      }
      return db.transaction(async (tx) => {
        const own = createPushRepository(tx);
        const devices = await own.devicesOf(user.id);
        const known = devices.some((row) => row.endpoint === input.endpoint);
        if (!known && devices.length >= PUSH_MAX_DEVICES)
          throw AppError.conflict(PUSH_MESSAGES.tooManyDevices);
        const row = await own.upsertSubscription({
          userId: user.id,
          sessionIdHash: session.idHash,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          label: input.label?.trim() || deviceName(userAgent),
          userAgent: userAgent?.slice(0, 500) ?? null,
          at: now(),
        });
        return deviceOf(row, session);
      });
    },

    /** This browser turns push off (idempotent: an endpoint not stored is already off). */
    async unsubscribe(user: UserRow, endpoint: string): Promise<void> {
      await repository.deleteOwn(user.id, { endpoint });
    },

    async removeDevice(user: UserRow, id: string): Promise<void> {
      const removed = isUuid(id) ? await repository.deleteOwn(user.id, { id }) : 0;
      if (removed === 0) throw AppError.notFound(PUSH_MESSAGES.deviceNotFound);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
