import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contracts/limits';
import { DEFAULT_TILE_URL, DEMO_TILE_URL } from '@contracts/carers-map';
import { SITE_CONTACT } from '@contracts/site';
import { PROJECT_ROOT } from './paths';

const minutes = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const DEFAULT_MAIL_FROM = 'CareMatch <no-reply@carematch.co.uk>';
// 'no-reply@carematch.co.uk' or 'CareMatch <no-reply@carematch.co.uk>': one address, no line
// breaks or other control characters (C0, DEL, C1, U+2028/U+2029) anywhere in the header.
const MAIL_FROM_PATTERN =
  // eslint-disable-next-line no-control-regex -- the control characters are what this keeps out
  /^(?:[^<>\u0000-\u001f\u007f-\u009f\u2028\u2029@,;"]+<[^\s\u0000-\u001f\u007f-\u009f<>@,;]+@[^\s\u0000-\u001f\u007f-\u009f<>@,;]+\.[^\s\u0000-\u001f\u007f-\u009f<>@,;]+>|[^\s\u0000-\u001f\u007f-\u009f<>@,;]+@[^\s\u0000-\u001f\u007f-\u009f<>@,;]+\.[^\s\u0000-\u001f\u007f-\u009f<>@,;]+)$/u;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // A few connections keep a small database server busy without thrashing it: on the 2-core
  // reference machine 4 serve more searches per second than 10 (docs/performance.md).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(16),
  // Server processes on this host sharing one port (node:cluster): one event loop per core.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Search results are the same for everyone: each instance may answer a repeated search from
  // memory for this long (decisions 0013, 0014: any change to a carer also clears it on every
  // instance; what it may miss is a listing that runs out meanwhile). Unset: 30 in production, 0
  // (off) in demo and tests.
  SEARCH_CACHE_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(60).optional(),
  ),
  // Each instance answers carer search from memory (decision 0025): every profile's search fields,
  // read once and then kept current from the database's change notices. Unset: on, except in tests
  // (NODE_ENV=test), which turn it on where they test it.
  SEARCH_INDEX: z.enum(['on', 'off']).optional(),
  // Each instance may keep carer profiles with their checks (CARER_CACHE_SECONDS) and a signed-in
  // user's session (SESSION_CACHE_SECONDS) in memory this long, dropped at once on any change
  // (decision 0014). Unset: 300 for both in production, 0 (off) in demo and tests.
  CARER_CACHE_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(3600).optional(),
  ),
  SESSION_CACHE_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(300).optional(),
  ),
  // Accounts one client network (an IPv4 address, an IPv6 /64) may register per hour; more answer
  // 429. Unset: 20 in production, 0 (no limit) in demo and tests.
  REGISTRATIONS_PER_HOUR: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(100_000).optional(),
  ),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Two-factor keys are encrypted, and recovery codes keyed, under this secret; unset: under
  // SESSION_SECRET. To change SESSION_SECRET without locking out everyone who uses two-factor,
  // first set this to the current SESSION_SECRET (docs/deploy.md).
  TWO_FACTOR_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  // The carer map's tiles: an https template with {z}, {x} and {y}, or a path on this site.
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(https:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/, 'must be an https:// address or a path on this site')
      .refine(
        (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
        'must contain {z}, {x} and {y}',
      )
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // One instance's name among several behind a load balancer: sent as X-Instance on every answer.
  INSTANCE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be up to 64 letters, digits, dots, dashes or underscores')
      .optional(),
  ),
  SESSION_IDLE_MINUTES: minutes(7 * 24 * 60),
  SESSION_ABSOLUTE_MINUTES: minutes(30 * 24 * 60),
  ADMIN_SESSION_IDLE_MINUTES: minutes(30),
  ADMIN_SESSION_ABSOLUTE_MINUTES: minutes(8 * 60),
  // A postcodes.io-compatible service for full postcodes (decision 0023); without it, postcodes are
  // placed at their district from built-in data (src/server/platform/geocoder).
  POSTCODES_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // ClamAV's daemon for verification documents, tcp://host:3310 (decision 0009); unset: no virus scan.
  CLAMAV_URL: optionalText.pipe(
    z.url({ protocol: /^tcp$/, error: 'must be a tcp://host:port URL' }).optional(),
  ),
  OIDC_ISSUER: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  // smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start).
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(MAIL_FROM_PATTERN, 'must be an address, or a name and <address>')
      .default(DEFAULT_MAIL_FROM),
  ),
  SUPPORT_EMAIL: optionalText.pipe(
    z.email({ error: 'must be an email address' }).default(SITE_CONTACT.email),
  ),
  // Which payment provider takes payments: 'stripe' (needs the three STRIPE_* values) or 'demo'
  // (charges no card: anyone who fills in the form gets paid access). Unset: Stripe when its keys
  // are set; otherwise the demo provider outside production, and no start at all in production.
  PAYMENTS_PROVIDER: optionalText.pipe(
    z.enum(['stripe', 'demo'], { error: "must be 'stripe' or 'demo'" }).optional(),
  ),
  // Stripe: all three or none (none: see PAYMENTS_PROVIDER).
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
  ),
  // The first admin account in production (created at start if missing); both or neither.
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
        .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
        .optional(),
    ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  // The signing secret of the Connect webhook endpoint (events of carers' connected accounts,
  // decision 0039); unset: carers' card payments hear nothing from Stripe (a warning at start).
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  // The share of each card payment to a carer that CareMatch keeps (decision 0039): 0 to 20, at
  // most two decimals; 0 takes no fee.
  PLATFORM_FEE_PERCENT: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a number from 0 to 20' })
      .min(0, 'must be a number from 0 to 20')
      .max(20, 'must be a number from 0 to 20')
      .refine(
        (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
        'must have at most two decimals',
      )
      .optional(),
  ),
  // Web Push (decision 0044). Unset: on in demo mode (with keys made at the first start and kept in
  // the database), and in production on exactly when the VAPID keys are set.
  PUSH_NOTIFICATIONS: optionalText.pipe(z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).optional()),
  // `npx web-push generate-vapid-keys`: the public key (an uncompressed P-256 point, base64url,
  // 87 characters) and the private key (32 bytes, base64url, 43 characters); both or neither.
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a VAPID public key (87 base64url characters, from web-push)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (43 base64url characters, from web-push)')
      .optional(),
  ),
  // Who push services may contact about our pushes: mailto:… or https://….
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  // The push services pushes may be sent to, comma-separated host names (a leading dot: any
  // subdomain). A subscription naming any other host is refused, so the server never posts to an
  // address of a client's choosing. Unset: the browsers' own services.
  PUSH_SERVICE_HOSTS: optionalText,
});

/** The push services of Chrome, Edge, Firefox and Safari (PUSH_SERVICE_HOSTS unset). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

export type Env = z.input<typeof EnvSchema>;

export interface AppConfig {
  mode: 'demo' | 'production';
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  /** Absent: embedded PGlite in `dataDir` (or in memory for tests). */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** WEB_CONCURRENCY: how many server processes share the port (more than 1 needs PostgreSQL). */
  webConcurrency: number;
  /**
   * MAP_TILE_URL: the carer map's tile template; unset, OpenStreetMap's tiles in production and
   * the blank local tiles (DEMO_TILE_URL) in demo and tests, so nothing reaches outside hosts.
   */
  mapTileUrl: string;
  /** POSTCODES_URL: a postcodes.io-compatible service; absent: built-in places only. */
  postcodesUrl: string | undefined;
  /** SEARCH_CACHE_SECONDS in milliseconds: how long a search answer may be reused (0: never). */
  searchCacheMs: number;
  /** SEARCH_INDEX: search answered from an in-memory index kept by change notices (decision 0025). */
  searchIndex: boolean;
  /** CARER_CACHE_SECONDS in milliseconds: how long an instance may reuse a carer profile it read (0: never). */
  carerCacheMs: number;
  /** SESSION_CACHE_SECONDS in milliseconds: how long an instance may reuse a session it read (0: never). */
  sessionCacheMs: number;
  /** REGISTRATIONS_PER_HOUR: accounts one client network may register per hour (0: no limit). */
  registrationsPerHour: number;
  /**
   * The argon2id cost of new password hashes: OWASP's baseline, or a light one in tests
   * (NODE_ENV=test) only, which register and sign in thousands of times.
   */
  passwordHashing: 'standard' | 'light';
  sessionSecret: string;
  /** TWO_FACTOR_SECRET, or SESSION_SECRET when unset: the root of the two-factor keys (decision 0012). */
  twoFactorSecret: string;
  publicUrl: string;
  logLevel: string;
  trustProxy: boolean;
  /** INSTANCE_ID: names this instance in an `X-Instance` response header (clusters); absent: no header. */
  instanceId: string | undefined;
  session: {
    cookieName: string;
    secureCookie: boolean;
    idleMinutes: number;
    absoluteMinutes: number;
    adminIdleMinutes: number;
    adminAbsoluteMinutes: number;
  };
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Uploads go to this S3-compatible store when set; otherwise to DATA_DIR/uploads. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  /** CLAMAV_URL: verification documents are scanned by this clamd before they are stored; absent: not scanned. */
  clamavUrl: string | undefined;
  mail: {
    /** Emails go out through this SMTP server when set; otherwise only to the log and the outbox table. */
    smtpUrl: string | undefined;
    /** The From header of every email, e.g. 'CareMatch <no-reply@carematch.co.uk>'. */
    from: string;
    /** Where contact form enquiries are sent. */
    supportEmail: string;
  };
  /**
   * PAYMENTS_PROVIDER, or what it defaults to: 'stripe' when the Stripe keys are set, 'demo' outside
   * production. Production runs the demo provider only when the operator asked for it by name.
   */
  paymentsProvider: 'stripe' | 'demo';
  /** Stripe's keys: set exactly when `paymentsProvider` is 'stripe'. */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** STRIPE_CONNECT_WEBHOOK_SECRET: the Connect endpoint's signing secret, when set. */
        connectWebhookSecret: string | undefined;
      }
    | undefined;
  /** PLATFORM_FEE_PERCENT in hundredths of a percent (500 = 5%): CareMatch's fee on card payments to carers. */
  platformFeeBasisPoints: number;
  /** An admin account made at start when missing (ADMIN_EMAIL/ADMIN_PASSWORD); see `npm run admin:create`. */
  admin: { email: string; password: string } | undefined;
  /**
   * Web Push (decision 0044); undefined when off. `vapid` undefined: demo mode makes a key pair at
   * the first start and keeps it in the database.
   */
  push:
    | {
        vapid: { publicKey: string; privateKey: string } | undefined;
        subject: string;
        /** Hosts subscriptions may name; a leading dot allows any subdomain. */
        serviceHosts: string[];
        /** Plain http:// endpoints accepted (never in production: tests' fake push service). */
        allowHttp: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Demo sessions stay valid across restarts of one machine; production must bring its own secret.
const DEMO_SESSION_SECRET = 'carematch-demo-session-secret-not-for-production';

/** Parses the environment once at boot; any bad value stops the start with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  if (production) {
    const missing = (['DATABASE_URL', 'SESSION_SECRET'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.map((name) => `${name}: required when NODE_ENV=production`).join('\n  ')}`,
      );
    }
  }

  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WEB_CONCURRENCY: more than 1 needs DATABASE_URL (the embedded database serves one process)',
    );
  }

  const oidcValues = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcValues.some(Boolean) && !oidcValues.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none',
    );
  }

  const s3Required = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Required.some(Boolean) && !s3Required.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four or none',
    );
  }

  const stripeValues = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeValues.some(Boolean) && !stripeValues.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three or none',
    );
  }
  if (
    e.STRIPE_SECRET_KEY &&
    e.STRIPE_PUBLISHABLE_KEY &&
    e.STRIPE_SECRET_KEY.includes('_live_') !== e.STRIPE_PUBLISHABLE_KEY.includes('_live_')
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: both test keys or both live keys',
    );
  }

  // The demo provider gives paid access away (no card is charged), so production never falls back
  // to it: the operator either sets the Stripe keys or writes PAYMENTS_PROVIDER=demo.
  const stripeSet = stripeValues.every(Boolean);
  if (e.PAYMENTS_PROVIDER === 'stripe' && !stripeSet) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe',
    );
  }
  if (e.PAYMENTS_PROVIDER === 'demo' && stripeSet) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_PROVIDER: demo, but STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are set: unset them or set PAYMENTS_PROVIDER=stripe',
    );
  }
  if (production && !e.PAYMENTS_PROVIDER && !stripeSet) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production' +
        ' (or PAYMENTS_PROVIDER=demo to run the demo provider, which charges no card and gives paid access away)',
    );
  }
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (stripeSet ? 'stripe' : 'demo');

  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither');
  }

  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : undefined;
  const pushOn = (e.PUSH_NOTIFICATIONS ?? (production && !vapid ? 'off' : 'on')) === 'on';
  if (production && pushOn) {
    const missing = (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.map((name) => `${name}: required when push notices are on in production (or PUSH_NOTIFICATIONS=off)`).join('\n  ')}`,
      );
    }
  }

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const secureCookie = production || publicUrl.startsWith('https://');

  return {
    mode: production ? 'production' : 'demo',
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(PROJECT_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webConcurrency: e.WEB_CONCURRENCY,
    mapTileUrl: e.MAP_TILE_URL ?? (production ? DEFAULT_TILE_URL : DEMO_TILE_URL),
    searchCacheMs: (e.SEARCH_CACHE_SECONDS ?? (production ? 30 : 0)) * 1000,
    searchIndex: (e.SEARCH_INDEX ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    carerCacheMs: (e.CARER_CACHE_SECONDS ?? (production ? 300 : 0)) * 1000,
    sessionCacheMs: (e.SESSION_CACHE_SECONDS ?? (production ? 300 : 0)) * 1000,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR ?? (production ? 20 : 0),
    passwordHashing: e.NODE_ENV === 'test' ? 'light' : 'standard',
    sessionSecret: e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    twoFactorSecret: e.TWO_FACTOR_SECRET ?? e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    instanceId: e.INSTANCE_ID,
    session: {
      // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only, Path=/.
      cookieName: secureCookie ? '__Host-cm_session' : 'cm_session',
      secureCookie,
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteMinutes: e.SESSION_ABSOLUTE_MINUTES,
      adminIdleMinutes: e.ADMIN_SESSION_IDLE_MINUTES,
      adminAbsoluteMinutes: e.ADMIN_SESSION_ABSOLUTE_MINUTES,
    },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'auto',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    clamavUrl: e.CLAMAV_URL,
    postcodesUrl: e.POSTCODES_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    paymentsProvider,
    stripe:
      paymentsProvider === 'stripe' &&
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
          }
        : undefined,
    platformFeeBasisPoints: Math.round((e.PLATFORM_FEE_PERCENT ?? 5) * 100),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    push: pushOn
      ? {
          vapid,
          subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
          serviceHosts: e.PUSH_SERVICE_HOSTS
            ? e.PUSH_SERVICE_HOSTS.split(',')
                .map((host) => host.trim().toLowerCase())
                .filter(Boolean)
            : DEFAULT_PUSH_SERVICE_HOSTS,
          allowHttp: !production,
        }
      : undefined,
  };
}
