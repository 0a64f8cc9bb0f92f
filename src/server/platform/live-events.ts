import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { LiveEvent } from '@contracts/messaging';
import { endpoints } from '@contracts/api';
import type { DatabaseHandle, Executor } from '../db/client';
import { createDurableListener } from './durable-listen';
import { defineRoute } from './define-route';
import { AppError } from './errors';
import { requireUser, SIGNED_IN } from './sessions/session.plugin';

// Live events (docs/decisions/0007-messaging-and-live-events.md): a write publishes with
// pg_notify inside its own transaction, so the notice exists exactly when the change does; every
// app instance LISTENs on one connection and passes each notice to the server-sent event streams
// of the users it names that are open on that instance.

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live event streams (`recheck()` runs a heartbeat's session check now). */
    liveEvents: LiveEvents;
  }
}

export const LIVE_CHANNEL = 'carematch_live';
/** Open streams per user (tabs and devices); one more is refused rather than dropping another. */
export const MAX_STREAMS_PER_USER = 10;
/**
 * Proxies close quiet connections: a comment line this often keeps the stream open. Each beat
 * also checks that every stream's session is still live (signed out, suspended, ended by an
 * admin, idle past its expiry: the stream ends).
 */
export const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting a dropped stream. */
const CLIENT_RETRY_MS = 3_000;
/** A stream whose reader has fallen this far behind is closed; the browser reconnects and refetches. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long shutdown waits for open streams' responses to finish. */
const SHUTDOWN_WAIT_MS = 5_000;
const TOO_MANY_STREAMS = 'Too many open live connections for this account. Close another tab and try again.';

/** What travels through NOTIFY: who to tell, and the event (ids only, never message text). */
interface LiveNotice {
  userIds: string[];
  event: LiveEvent;
}

/**
 * The `pg_notify(…)` call that tells the users named (nulls, i.e. deleted accounts, skipped) about
 * `event`, for a statement of a transaction: sent when, and only if, it commits. Null: nobody to tell.
 */
export function liveEventNotice(userIds: readonly (string | null)[], event: LiveEvent): SQL | null {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return null;
  const notice: LiveNotice = { userIds: ids, event };
  return sql`pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`;
}

/** Inside a transaction: `liveEventNotice` as a statement of its own. */
export async function publishLiveEvent(
  tx: Executor,
  userIds: readonly (string | null)[],
  event: LiveEvent,
): Promise<void> {
  const notice = liveEventNotice(userIds, event);
  if (notice) await tx.execute(sql`select ${notice}`);
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const value = JSON.parse(payload) as { userIds?: unknown; event?: unknown };
    const event = LiveEvent.safeParse(value.event);
    if (!event.success || !Array.isArray(value.userIds)) return null;
    return { userIds: value.userIds.filter((id): id is string => typeof id === 'string'), event: event.data };
  } catch {
    return null;
  }
}

interface LiveEventsDeps {
  database: Pick<DatabaseHandle, 'listen'>;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

/** This instance's side: one LISTEN, and the open streams by user. */
export function createLiveEvents({ database, log, heartbeatMs = HEARTBEAT_MS }: LiveEventsDeps) {
  const streams = new Map<string, Set<PassThrough>>();
  // How to tell whether the session that opened each stream is still live.
  const stillSignedIn = new WeakMap<PassThrough, () => Promise<boolean>>();
  // When each stream's HTTP response is really over (its connection is then idle).
  const responseClosed = new WeakMap<PassThrough, Promise<void>>();
  // Connections that carry or carried a stream: shutdown closes those still open.
  const streamSockets = new Set<Socket>();
  let heartbeat: NodeJS.Timeout | undefined;

  function write(stream: PassThrough, text: string) {
    if (stream.destroyed || stream.writableEnded) return;
    if (stream.writableLength > MAX_BUFFERED_BYTES) {
      stream.destroy();
      return;
    }
    stream.write(text);
  }

  function deliver(payload: string) {
    const notice = parseNotice(payload);
    if (!notice) {
      log.warn('ignored a malformed live event notice');
      return;
    }
    const line = `data: ${JSON.stringify(notice.event)}\n\n`;
    for (const userId of notice.userIds) {
      for (const stream of streams.get(userId) ?? []) write(stream, line);
    }
  }

  /** Ends every stream whose session is over; a failed check (database away) keeps the stream. */
  async function recheck(): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const set of streams.values()) {
      for (const stream of set) {
        const check = stillSignedIn.get(stream);
        if (!check) continue;
        checks.push(
          check().then(
            (live) => {
              if (!live) stream.end();
            },
            () => undefined,
          ),
        );
      }
    }
    await Promise.all(checks);
  }

  const listener = createDurableListener({
    database,
    channel: LIVE_CHANNEL,
    onPayload: deliver,
    log,
    name: 'live events',
  });

  return {
    /** Starts listening (retrying in the background if the database refuses) and the heartbeat. */
    async start(): Promise<void> {
      heartbeat = setInterval(() => {
        for (const set of streams.values()) for (const stream of set) write(stream, ': heartbeat\n\n');
        void recheck();
      }, heartbeatMs);
      heartbeat.unref();
      await listener.start();
    },

    /**
     * A new event stream for `userId`, sent as `response`'s body, or null when they already have
     * MAX_STREAMS_PER_USER open. It leaves the registry when it closes, whoever closes it.
     */
    open(userId: string, response: ServerResponse, sessionLive?: () => Promise<boolean>): PassThrough | null {
      const set = streams.get(userId) ?? new Set<PassThrough>();
      if (set.size >= MAX_STREAMS_PER_USER) return null;
      const stream = new PassThrough();
      if (sessionLive) stillSignedIn.set(stream, sessionLive);
      set.add(stream);
      streams.set(userId, set);
      const socket = response.socket;
      if (socket) {
        streamSockets.add(socket);
        socket.once('close', () => streamSockets.delete(socket));
      }
      responseClosed.set(
        stream,
        new Promise((resolve) =>
          response.once('close', () => {
            // A client that hung up by half-closing leaves a socket that would never be idle:
            // nothing more can come on it, so it is closed rather than left to the keep-alive timeout.
            if (socket && !socket.destroyed && socket.readableEnded) socket.destroy();
            resolve();
          }),
        ),
      );
      stream.on('close', () => {
        set.delete(stream);
        if (set.size === 0 && streams.get(userId) === set) streams.delete(userId);
      });
      // Sent at once, so the headers go out now and the browser knows the stream is open.
      stream.write(`retry: ${CLIENT_RETRY_MS}\n: connected\n\n`);
      return stream;
    },

    /** What every heartbeat does after its beat: ends the streams of sessions that are over. */
    recheck,

    /** Open streams on this instance (tests, metrics). */
    streamCount(userId?: string): number {
      if (userId !== undefined) return streams.get(userId)?.size ?? 0;
      let count = 0;
      for (const set of streams.values()) count += set.size;
      return count;
    },

    /**
     * Shutdown, step 1: ends every stream, waits (a few seconds at most) until their responses are
     * finished, then closes their connections, so the server has nothing left to wait for.
     */
    async endStreams(): Promise<void> {
      const finished: Promise<void>[] = [];
      for (const set of streams.values()) {
        for (const stream of set) {
          finished.push(responseClosed.get(stream) ?? Promise.resolve());
          stream.end();
        }
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(finished),
        new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS))),
      ]);
      clearTimeout(timer);
      // A connection that carried a stream may still be open (half-closed, or kept alive): the
      // server would wait for it, so it goes now.
      for (const socket of streamSockets) socket.destroy();
    },

    /** Shutdown, step 2: no more reconnects or heartbeats; UNLISTEN and close the connection. */
    async stop(): Promise<void> {
      clearInterval(heartbeat);
      await listener.stop();
    },
  };
}
export type LiveEvents = ReturnType<typeof createLiveEvents>;

/**
 * `GET /api/events` for the signed-in user, and the hooks that start and stop `live` with the
 * app: listening once the app is ready, streams ended before the server closes (an open stream
 * would keep it waiting), the LISTEN stopped on close.
 */
export function registerLiveEvents(
  app: FastifyInstance,
  live: LiveEvents,
  /** For a signed-in request: a check that its session is still live (run at every heartbeat). */
  sessionCheckFor: (request: FastifyRequest) => () => Promise<boolean>,
) {
  app.decorate('liveEvents', live);
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', () => live.endStreams());
  app.addHook('onClose', () => live.stop());

  defineRoute(
    app,
    endpoints.liveEvents.getEvents,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['messages'],
        summary: 'Server-sent events for the signed-in user: {"type":"message"|"read","conversationId"}',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stream = live.open(user.id, reply.raw, sessionCheckFor(request));
      if (!stream) throw AppError.tooManyRequests(TOO_MANY_STREAMS, CLIENT_RETRY_MS / 1000);
      // Sent as a stream through reply.send, so the usual onSend hooks (security headers) still
      // run; nothing in this app compresses or buffers /api responses.
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
