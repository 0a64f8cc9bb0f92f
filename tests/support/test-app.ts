import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { and, asc, desc, like, sql } from 'drizzle-orm';
import type { CurrentUser } from '@contracts/auth';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { outboxEmails, type OutboxEmailRow } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { createGeocoder, type Geocoder } from '../../src/server/platform/geocoder/geocoder';
import type { EmailTransport } from '../../src/server/platform/mailer';
import type { StripeClient } from '../../src/server/platform/payments/stripe-provider';
import type { InvoiceLedger } from '../../src/server/features/care-payments';
import { createMemoryStorage, type FileStorage } from '../../src/server/platform/storage';
import { createTestDatabase } from './test-database';

export const TEST_PASSWORD = 'Kettle-Harbour-Meadow-42';

/**
 * The settings a production start insists on, for tests of production behaviour. The database
 * named here is never opened (createTestApp injects the test database), and with no Stripe keys
 * the demo provider is used only because it is named (decision 0018).
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  PAYMENTS_PROVIDER: 'demo',
} as const;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  storage: FileStorage;
  bodies: string[];
  /** Every route the app registered (plugins' own included), in registration order. */
  routes: RouteOptions[];
  /** Every email in the outbox, oldest first, once any dispatch in flight has finished. */
  outbox(): Promise<OutboxEmailRow[]>;
  /**
   * Registers a new account and returns it signed in, with its session cookie header. By default
   * the address is confirmed through the real flow (the emailed link, POST /api/auth/verify-email);
   * `{ verified: false }` leaves it unconfirmed and signs in with the password instead.
   */
  register(
    overrides?: Partial<RegisterBody>,
    options?: { verified?: boolean },
  ): Promise<{ user: CurrentUser; cookie: string }>;
  /** The token of the newest confirmation link emailed to `email`. */
  verificationToken(email: string): Promise<string>;
  /**
   * `app.inject` with the given session cookie. A POST, PUT or PATCH carries a new Idempotency-Key
   * unless it names one, as every call of the web client does (decision 0033): without one, the
   * same request from the same person within seconds would be taken for a repeat of the first.
   */
  injectAs(cookie: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

interface RegisterBody {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: 'customer' | 'carer';
}

let counter = 0;

export async function createTestApp(
  env: Record<string, string> = {},
  webDir?: string,
  {
    database: shared,
    ...options
  }: {
    mailTransport?: EmailTransport;
    /** Where the app's log records go (with LOG_LEVEL set in `env`): a test reads them there. */
    logStream?: Writable;
    stripeClient?: StripeClient;
    /** The invoices card payments pay (tests bring a small ledger of their own). */
    invoiceLedger?: InvoiceLedger;
    adminClock?: () => Date;
    geocoder?: Geocoder;
    /**
     * Another app's database, so configuration variants of one file share it; it stays open when
     * this app closes (its owner closes it).
     */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = shared ?? (await createTestDatabase());
  const storage = createMemoryStorage();
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    webDir,
    storage,
    ...options,
    onRoute: (route) => routes.push(route),
  });

  // Every body the app sent during the file, so a test can assert what never leaks.
  const bodies: string[] = [];
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') bodies.push(payload);
    return payload;
  });

  await app.ready();

  async function outbox() {
    await app.mailer.idle();
    return database.db.select().from(outboxEmails).orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id));
  }

  async function verificationToken(email: string) {
    await app.mailer.idle();
    const [newest] = await database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          sql`lower(${outboxEmails.toAddress}) = lower(${email})`,
          like(outboxEmails.bodyText, '%/verify-email?token=%'),
        ),
      )
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(1);
    const match = newest?.bodyText.match(/\/verify-email\?token=(\S+)/);
    if (!match?.[1]) throw new Error(`no confirmation link emailed to ${email}`);
    return decodeURIComponent(match[1]);
  }

  return {
    app,
    config,
    database,
    storage,
    bodies,
    routes,
    outbox,
    async register(overrides = {}, { verified = true } = {}) {
      counter += 1;
      const body: RegisterBody = {
        email: `person${counter}.${Date.now()}@example.org`,
        password: TEST_PASSWORD,
        firstName: 'Test',
        lastName: `Person${counter}`,
        userType: 'customer',
        ...overrides,
      };
      const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      if (response.statusCode !== 202)
        throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      const signIn = verified
        ? await app.inject({
            method: 'POST',
            url: '/api/auth/verify-email',
            payload: { token: await verificationToken(body.email) },
          })
        : await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: body.email, password: body.password },
          });
      if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
      const cookie = sessionCookieFrom(config, signIn);
      const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      return { user: me.json<CurrentUser>(), cookie };
    },
    verificationToken,
    injectAs(cookie, options) {
      const headers: Record<string, string | string[] | number | undefined> = {
        ...options.headers,
        ...(cookie ? { cookie } : {}),
      };
      const write = ['POST', 'PUT', 'PATCH'].includes(String(options.method ?? 'GET').toUpperCase());
      if (write && !Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key')) {
        headers['idempotency-key'] = randomUUID();
      }
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

export function sessionCookieFrom(config: AppConfig, response: LightMyRequestResponse): string {
  const session = response.cookies.find((c) => c.name === config.session.cookieName);
  if (!session) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${session.name}=${session.value}`;
}

/** A session cookie for each demo account (the demo data must be seeded), by its DEMO_ACCOUNTS name. */
/** What a carers service built beside the app needs besides its repository: built-in places, the app's address. */
export const builtInServiceDeps = (t: TestApp) => ({
  geocoder: createGeocoder({}),
  publicUrl: t.config.publicUrl,
});

export async function signInDemoAccounts(t: TestApp): Promise<Record<string, string>> {
  const cookies: Record<string, string> = {};
  for (const [name, account] of Object.entries(DEMO_ACCOUNTS)) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: DEMO_PASSWORD },
    });
    cookies[name] = sessionCookieFrom(t.config, response);
  }
  return cookies;
}
