import { createHash, createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@contracts/errors';
import type { Executor } from '../db/client';
import { AppError } from './errors';
import { createIdempotencyRepository, type NewClaim } from './idempotency.repository';
import { clientNetworkKey } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something (decision 0033): a repeat of the same action (the same
     * Idempotency-Key, or without one the same request from the same person within a few seconds)
     * gets the first request's answer, and a parallel repeat waits for it; never a second row.
     */
    creates?: true;
    /**
     * Reads a creating route needs first, started beside its claim instead of after it (one round
     * trip less). Reads only: when the request turns out to be a repeat, the result is dropped.
     * The handler finds the promise as `request.readsBeside`.
     */
    readsBeside?: (request: FastifyRequest) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** The route's `readsBeside`, started once the request passed its checks. */
    readsBeside?: Promise<unknown>;
  }
}

/** How long each part of the rule lasts (decision 0033). */
export const IDEMPOTENCY_TIMES = {
  /** A keyed answer is given again for this long: past any retry of one action. */
  keyedAnswerMs: 24 * 3_600_000,
  /** Without a key, the same request from the same person this soon after is the same action. */
  unkeyedWindowMs: 10_000,
  /** A claim whose holder has not answered by then is presumed lost (the instance stopped). */
  leaseMs: 60_000,
  /** How long a parallel repeat waits for the first answer before a 409. */
  waitMs: 5_000,
  pollMs: 25,
};

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Deeper than any body a route accepts: a route without a body schema (multipart) is sent JSON. */
const MAX_DEPTH = 64;

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new AppError(400, ERROR_MESSAGES.invalidJson);
  if (Array.isArray(value)) return `[${value.map((inner) => canonicalJson(inner, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests the same request: the route, its parameters and the body as validated.
 * A multipart upload is streamed to its handler unread, so its body stands in by its size (a
 * browser's boundaries are of one length): a repeat of one upload matches, and a key reused for a
 * different upload is caught unless the two are the same size to the byte.
 */
function fingerprintOf(request: FastifyRequest): string {
  const multipart = request.isMultipart();
  const body = multipart ? { multipartBytes: request.headers['content-length'] ?? null } : request.body;
  return createHash('sha256')
    .update(canonicalJson([request.method, request.routeOptions.url, request.params, body]))
    .digest('base64url');
}

interface Held {
  scope: string;
  key: string;
  claim: string;
  keyed: boolean;
  /** The answer as sent, stored once it has gone out. */
  answer?: { statusCode: number; contentType: string | null; body: string | null; ok: boolean };
}

interface IdempotencyDeps {
  db: Executor;
  /** A visitor's network is kept as a keyed hash under a key derived from this secret. */
  secret: string;
  now?: () => Date;
  times?: typeof IDEMPOTENCY_TIMES;
}

/**
 * Creating routes made safe to repeat (decision 0033). A route opts in with `config.creates`;
 * after its access rule and its schema have passed (a refused request never reaches the table),
 * the request claims its action with one insert on the table's unique key, on whichever instance
 * it arrives. The request that made the row runs the handler and stores the answer; a repeat
 * finds the row and gets that answer again, or waits for it while it is being made. A refusal
 * or a failure (any answer but 2xx) is not kept: a repeat is answered afresh.
 */
export function registerIdempotency(
  app: FastifyInstance,
  { db, secret, now = () => new Date(), times = IDEMPOTENCY_TIMES }: IdempotencyDeps,
) {
  const repository = createIdempotencyRepository(db);
  const networkKey = createHmac('sha256', secret).update('carematch idempotency scopes').digest();
  const held = new WeakMap<FastifyRequest, Held>();

  app.addHook('onRoute', (route) => {
    const creates = (route.config as { creates?: boolean } | undefined)?.creates;
    const methods = [route.method].flat();
    if (creates && !methods.every((method) => WRITE_METHODS.has(method))) {
      throw new Error(`${route.url}: only a POST, PUT or PATCH route can be marked as creating`);
    }
  });

  function scopeOf(request: FastifyRequest): { scope: string; userId: string | null } {
    if (request.user) return { scope: `user:${request.user.id}`, userId: request.user.id };
    const network = createHmac('sha256', networkKey).update(clientNetworkKey(request.ip)).digest('base64url');
    return { scope: `net:${network}`, userId: null };
  }

  function replay(reply: FastifyReply, statusCode: number, contentType: string | null, body: string | null) {
    reply.code(statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true');
    if (contentType) reply.header('content-type', contentType);
    return reply.send(body ?? undefined);
  }

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.creates) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header !== undefined && (typeof header !== 'string' || !KEY.test(header))) {
      throw new AppError(400, ERROR_MESSAGES.idempotencyKeyInvalid);
    }
    const { scope, userId } = scopeOf(request);
    const fingerprint = fingerprintOf(request);
    const keyed = header !== undefined;
    const key = keyed ? header : `auto:${fingerprint}`;
    const reads = request.routeOptions.config.readsBeside?.(request);
    // Awaited by the handler; a repeat never gets there, and its rejection must not go unhandled.
    reads?.catch(() => undefined);
    const started = Date.now();
    for (;;) {
      const at = now();
      const claim: NewClaim = {
        scope,
        key,
        userId,
        fingerprint,
        claim: randomUUID(),
        lockedUntil: new Date(at.getTime() + times.leaseMs),
        expiresAt: new Date(at.getTime() + Math.max(times.leaseMs, keyed ? times.keyedAnswerMs : 0)),
      };
      if (await repository.claim(claim)) {
        held.set(request, { scope, key, claim: claim.claim, keyed });
        request.readsBeside = reads;
        return;
      }
      const found = await repository.find(scope, key);
      if (!found) continue; // released between the two statements: claim it afresh
      if (await repository.takeOver(claim, at)) {
        held.set(request, { scope, key, claim: claim.claim, keyed });
        request.readsBeside = reads;
        return;
      }
      if (found.fingerprint !== fingerprint) {
        throw new AppError(422, ERROR_MESSAGES.idempotencyKeyReused);
      }
      if (found.statusCode !== null) return replay(reply, found.statusCode, found.contentType, found.body);
      if (Date.now() - started >= times.waitMs) throw AppError.conflict(ERROR_MESSAGES.alreadySent);
      await sleep(times.pollMs);
    }
  });

  // The answer is stored once it has gone out (onResponse), not before (one round trip less for
  // the person waiting). A repeat arriving in between finds the claim unanswered and waits for it,
  // as a parallel repeat does; if the instance stops in between, the claim runs out with its lease
  // as it would after a crash mid-request.
  app.addHook('onSend', async (request, reply, payload) => {
    const mine = held.get(request);
    if (!mine) return payload;
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = reply.getHeader('content-type');
    mine.answer = {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body,
      ok:
        reply.statusCode >= 200 &&
        reply.statusCode < 300 &&
        (body !== null || payload === undefined || payload === null),
    };
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    const mine = held.get(request);
    if (!mine) return;
    held.delete(request);
    const { scope, key, claim, keyed, answer } = mine;
    try {
      if (answer?.ok) {
        await repository.complete(scope, key, claim, {
          statusCode: answer.statusCode,
          contentType: answer.contentType,
          body: answer.body,
          expiresAt: new Date(now().getTime() + (keyed ? times.keyedAnswerMs : times.unkeyedWindowMs)),
        });
      } else {
        await repository.release(scope, key, claim);
      }
    } catch (error) {
      // The answer went out; the claim runs out with its lease.
      request.log.warn({ err: error }, 'could not store the answer of a creating request');
    }
  });

  return {
    /** Removes answers past their time; housekeeping calls it. */
    deleteExpired: (before: Date = now()) => repository.deleteExpired(before),
  };
}
export type Idempotency = ReturnType<typeof registerIdempotency>;
