// PostgreSQL ending a connection that a transaction holds between two statements
// (a restart, a failover, an administrator) must fail that transaction with a "database
// unavailable" error (answered 503), not crash the process with an unhandled 'error' event, and
// the pool must serve the next query on a new connection. PostgreSQL only: PGlite has no
// connections to lose.

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { isDatabaseUnavailable } from '../../src/server/platform/errors';
import { createTestDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.skipIf(!onPostgres)('a connection lost inside a transaction (PostgreSQL)', () => {
  let database: DatabaseHandle;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it('fails the transaction as unavailable, keeps the process up, and the pool recovers', async () => {
    let caught: unknown;
    try {
      await database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // The client drizzle's transaction holds (node-postgres's PoolClient).
        const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
        // Not events.once: it would reject on the 'error' the client emits first, before anyone awaits it.
        const ended = new Promise((resolve) => client.once('end', resolve));
        await admin.query('select pg_terminate_backend($1)', [result.rows[0]!.pid]);
        // The server has closed the connection while no statement ran on it.
        await ended;
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    expect(isDatabaseUnavailable(caught)).toBe(true);
    expect(await database.ping()).toBe(true);
  });
});
