import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../../src/server/db/schema';
import { createSessionCache, type LiveSession } from '../../src/server/platform/sessions/session-cache';

// Decision 0014: the in-memory copy of sessions, trusted only while change notices arrive.

const at = new Date('2026-11-23T12:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

function liveSession(idHash: string, userId: string, idleMs = 60_000): LiveSession {
  return {
    session: {
      idHash,
      userId,
      createdAt: at,
      lastSeenAt: at,
      idleExpiresAt: later(idleMs),
      absoluteExpiresAt: later(3_600_000),
      userAgent: null,
      ipAddress: null,
    } satisfies SessionRow,
    user: { id: userId, role: 'customer', firstName: 'Ada' } as UserRow,
  };
}

function listeningCache(ttlMs = 30_000, maxEntries = 100) {
  let clock = at.getTime();
  const cache = createSessionCache({ ttlMs, maxEntries, now: () => clock });
  cache.resume();
  return { cache, advance: (ms: number) => (clock += ms) };
}

describe('the session cache', () => {
  it('keeps nothing until it listens, and forgets everything when it stops', () => {
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 100 });
    cache.set(liveSession('a', 'u1'), cache.generation);
    expect(cache.get('a', at)).toBeUndefined();

    cache.resume();
    cache.set(liveSession('a', 'u1'), cache.generation);
    expect(cache.get('a', at)?.user.id).toBe('u1');

    cache.suspend();
    expect(cache.get('a', at)).toBeUndefined();
    cache.set(liveSession('a', 'u1'), cache.generation);
    expect(cache.size).toBe(0);
  });

  it('is off with a time to live of 0, even while listening', () => {
    const { cache } = listeningCache(0);
    cache.set(liveSession('a', 'u1'), cache.generation);
    expect(cache.enabled).toBe(false);
    expect(cache.get('a', at)).toBeUndefined();
  });

  it('forgets every session of a user named by a notice, and only theirs', () => {
    const { cache } = listeningCache();
    cache.set(liveSession('a', 'u1'), cache.generation);
    cache.set(liveSession('b', 'u1'), cache.generation);
    cache.set(liveSession('c', 'u2'), cache.generation);
    cache.forgetUser('u1');
    expect(cache.get('a', at)).toBeUndefined();
    expect(cache.get('b', at)).toBeUndefined();
    expect(cache.get('c', at)?.user.id).toBe('u2');
  });

  it('does not keep what a lookup read before a notice arrived', () => {
    const { cache } = listeningCache();
    const startedAt = cache.generation;
    // The database answered, then the notice of a change came before the answer was stored.
    cache.forgetUser('u1');
    cache.set(liveSession('a', 'u1'), startedAt);
    expect(cache.get('a', at)).toBeUndefined();

    // The same for a session ended here while it was being read.
    const next = cache.generation;
    cache.forgetSession('b');
    cache.set(liveSession('b', 'u3'), next);
    expect(cache.get('b', at)).toBeUndefined();
  });

  it('keeps what a lookup read when the notices since were about other people', () => {
    const { cache } = listeningCache();
    const startedAt = cache.generation;
    cache.forgetUser('u2');
    cache.forgetSession('other');
    cache.set(liveSession('a', 'u1'), startedAt);
    expect(cache.get('a', at)?.user.id).toBe('u1');
  });

  it('lets a copy go after its time to live, or once the session is past either expiry', () => {
    const { cache, advance } = listeningCache(30_000);
    cache.set(liveSession('a', 'u1'), cache.generation);
    advance(29_999);
    expect(cache.get('a', at)).toBeDefined();
    advance(1);
    expect(cache.get('a', at)).toBeUndefined();

    cache.set(liveSession('b', 'u1', 5_000), cache.generation);
    expect(cache.get('b', later(4_999))).toBeDefined();
    expect(cache.get('b', later(5_000))).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { cache } = listeningCache(30_000, 2);
    cache.set(liveSession('a', 'u1'), cache.generation);
    cache.set(liveSession('b', 'u2'), cache.generation);
    cache.set(liveSession('c', 'u3'), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('a', at)).toBeUndefined();
    expect(cache.get('c', at)).toBeDefined();
  });

  it('hands out frozen copies, so no request can change what another sees', () => {
    const { cache } = listeningCache();
    const original = liveSession('a', 'u1');
    cache.set(original, cache.generation);
    original.user.firstName = 'Changed';
    const copy = cache.get('a', at)!;
    expect(copy.user.firstName).toBe('Ada');
    expect(() => {
      (copy.user as { firstName: string }).firstName = 'Mallory';
    }).toThrow(TypeError);
  });
});
