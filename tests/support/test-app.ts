import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { asc } from 'drizzle-orm';
import type { CurrentUser } from '@contracts/auth';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { outboxEmails, type OutboxEmailRow } from '../../src/server/db/schema';
import type { EmailTransport } from '../../src/server/platform/mailer';
import type { StripeClient } from '../../src/server/platform/payments/stripe-provider';
import { createMemoryStorage, type FileStorage } from '../../src/server/platform/storage';
import { createTestDatabase } from './test-database';

export const TEST_PASSWORD = 'Kettle-Harbour-Meadow-42';

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
  /** Registers a new account and returns it with its session cookie header. */
  register(overrides?: Partial<RegisterBody>): Promise<{ user: CurrentUser; cookie: string }>;
  /** `app.inject` with the given session cookie. */
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
    stripeClient?: StripeClient;
    adminClock?: () => Date;
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

  return {
    app,
    config,
    database,
    storage,
    bodies,
    routes,
    async outbox() {
      await app.mailer.idle();
      return database.db
        .select()
        .from(outboxEmails)
        .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id));
    },
    async register(overrides = {}) {
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
      if (response.statusCode !== 201)
        throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      return { user: response.json<CurrentUser>(), cookie: sessionCookieFrom(config, response) };
    },
    injectAs(cookie, options) {
      return app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
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
