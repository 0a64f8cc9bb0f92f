import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Executor } from '../db/client';
import { AppError } from './errors';
import { createRateLimitRepository } from './rate-limit.repository';

/**
 * One limit: at most `limit` hits per `key` in a window of `windowSeconds` that starts with the
 * first hit. `bucket` names the limit ('contact', 'password-reset', …) so keys never collide.
 */
export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  /** False once this hit went over the limit. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * A hit taken before an expensive or secret check (a password, a code), so that any number of
 * parallel attempts evaluate at most `limit`: the counter says "allowed?" in the same statement
 * that counts. What the check then finds may take hits back out of the same window.
 */
export interface Reservation extends RateLimitResult {
  /** Takes this hit back (the attempt should not count, e.g. it succeeded). */
  release(): Promise<void>;
  /**
   * Takes this hit and every hit counted before it in the window back: a success that forgives
   * earlier failures. Hits counted after this one (attempts still in flight) stay.
   */
  forgiveEarlier(): Promise<void>;
}

const BUCKET = /^[a-z][a-z0-9._:-]{0,63}$/;

function checkRule(rule: RateLimitRule) {
  if (!BUCKET.test(rule.bucket)) throw new Error(`invalid rate limit bucket: ${rule.bucket}`);
  if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new Error(`invalid rate limit: ${rule.limit}`);
  if (!(rule.windowSeconds > 0)) throw new Error(`invalid rate limit window: ${rule.windowSeconds}`);
}

interface RateLimiterDeps {
  /** Keys (addresses, emails) are stored as HMAC-SHA256 under a key derived from this secret. */
  secret: string;
  now?: () => Date;
}

/**
 * Counters in PostgreSQL, so every app instance shares them and a restart forgets nothing.
 * Each hit is one atomic upsert; expired rows are removed by housekeeping (`deleteExpired`).
 */
export function createRateLimiter(db: Executor, { secret, now = () => new Date() }: RateLimiterDeps) {
  const repository = createRateLimitRepository(db);
  const hashKey = createHmac('sha256', secret).update('carematch rate-limit keys').digest();
  const storedKey = (rule: RateLimitRule, key: string) =>
    createHmac('sha256', hashKey).update(`${rule.bucket}\n${key}`).digest('base64url');

  async function reserve(rule: RateLimitRule, key: string): Promise<Reservation> {
    checkRule(rule);
    const at = now();
    const stored = storedKey(rule, key);
    const { hits, windowStart, expiresAt } = await repository.hit(
      rule.bucket,
      stored,
      at,
      rule.windowSeconds * 1000,
    );
    return {
      allowed: hits <= rule.limit,
      count: hits,
      remaining: Math.max(0, rule.limit - hits),
      resetAt: expiresAt,
      // A parallel hit that read the clock after this one may have started the window, so the
      // window can end more than its length after `at`: the wait is never longer than the window.
      retryAfterSeconds: Math.min(
        Math.ceil(rule.windowSeconds),
        Math.max(1, Math.ceil((expiresAt.getTime() - at.getTime()) / 1000)),
      ),
      release: () => repository.giveBack(rule.bucket, stored, windowStart, 1),
      forgiveEarlier: () => repository.giveBack(rule.bucket, stored, windowStart, hits),
    };
  }

  async function hit(rule: RateLimitRule, key: string): Promise<RateLimitResult> {
    const { allowed, count, remaining, resetAt, retryAfterSeconds } = await reserve(rule, key);
    return { allowed, count, remaining, resetAt, retryAfterSeconds };
  }

  return {
    /** Counts one hit for `key` and says whether it is within the limit. */
    hit,

    /**
     * Counts one hit before a check that must not run past the limit, with ways to take it (or the
     * hits before it) back once the check has answered.
     */
    reserve,

    /** Counts one hit; over the limit, throws a 429 with `message` and a Retry-After header. */
    async enforce(rule: RateLimitRule, key: string, message: string): Promise<RateLimitResult> {
      const result = await hit(rule, key);
      if (!result.allowed) throw AppError.tooManyRequests(message, result.retryAfterSeconds);
      return result;
    },

    /** Forgets the key's hits (e.g. after a success that should not count against the person). */
    async reset(rule: RateLimitRule, key: string): Promise<void> {
      checkRule(rule);
      await repository.clear(rule.bucket, storedKey(rule, key));
    },

    /** Removes counters whose window has ended; housekeeping calls it. */
    deleteExpired: (before: Date = now()) => repository.deleteExpired(before),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The key for a client address: an IPv4 address as it is, an IPv6 address by its /64 network,
 * because one home or phone is given a whole /64 and can change address within it at will.
 */
export function clientNetworkKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
