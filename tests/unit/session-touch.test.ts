import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { SessionRow, UserRow } from '../../src/server/db/schema';
import type { SessionRepository } from '../../src/server/platform/sessions/session.repository';
import { createSessionService, touchIntervalMs } from '../../src/server/platform/sessions/session.service';

// Sliding the idle expiry writes, so it happens once per touch interval, not on every request.

const MINUTE = 60_000;
const start = new Date('2026-11-23T12:00:00Z');

function serviceWith(role: UserRow['role']) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const idleMs = (role === 'admin' ? config.session.adminIdleMinutes : config.session.idleMinutes) * MINUTE;
  let stored: SessionRow = {
    idHash: 'x',
    userId: 'u1',
    createdAt: start,
    lastSeenAt: start,
    idleExpiresAt: new Date(start.getTime() + idleMs),
    absoluteExpiresAt: new Date(start.getTime() + 30 * 24 * 60 * MINUTE),
    userAgent: null,
    ipAddress: null,
  };
  const touches: Date[] = [];
  const repository = {
    findLive: async () => ({ session: stored, user: { id: 'u1', role } as UserRow }),
    touch: async (_idHash: string, lastSeenAt: Date, idleExpiresAt: Date) => {
      touches.push(lastSeenAt);
      stored = { ...stored, lastSeenAt, idleExpiresAt };
    },
  } as unknown as SessionRepository;
  let clock = start;
  const service = createSessionService(config, repository, () => clock);
  return {
    touches,
    stored: () => stored,
    at: (minutes: number) => (clock = new Date(start.getTime() + minutes * MINUTE)),
    resume: () => service.resume('a-token'),
  };
}

describe('sliding the idle expiry', () => {
  it('is a hundredth of the idle period, at least a minute and at most 15 minutes', () => {
    expect(touchIntervalMs(7 * 24 * 60 * MINUTE)).toBe(15 * MINUTE);
    expect(touchIntervalMs(30 * MINUTE)).toBe(MINUTE);
    expect(touchIntervalMs(10 * 60 * MINUTE)).toBe(6 * MINUTE);
  });

  it("writes a member's session once per 15 minutes of use", async () => {
    const member = serviceWith('customer');
    for (const minute of [0, 1, 5, 14.9]) {
      member.at(minute);
      await member.resume();
    }
    expect(member.touches).toEqual([]);
    member.at(15);
    const found = await member.resume();
    expect(member.touches).toHaveLength(1);
    expect(found?.session.lastSeenAt).toEqual(new Date(start.getTime() + 15 * MINUTE));
    expect(member.stored().idleExpiresAt).toEqual(new Date(start.getTime() + (15 + 7 * 24 * 60) * MINUTE));
  });

  it("writes an admin's session once a minute, so the 30-minute idle limit stays exact to a minute", async () => {
    const admin = serviceWith('admin');
    admin.at(0.9);
    await admin.resume();
    expect(admin.touches).toEqual([]);
    admin.at(1);
    await admin.resume();
    admin.at(2.5);
    await admin.resume();
    expect(admin.touches).toHaveLength(2);
    expect(admin.stored().idleExpiresAt).toEqual(new Date(start.getTime() + (2.5 + 30) * MINUTE));
  });
});
