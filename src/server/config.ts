import path from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from './paths';

const minutes = (fallback: number) => z.coerce.number().int().positive().default(fallback);
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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SESSION_IDLE_MINUTES: minutes(7 * 24 * 60),
  SESSION_ABSOLUTE_MINUTES: minutes(30 * 24 * 60),
  ADMIN_SESSION_IDLE_MINUTES: minutes(30),
  ADMIN_SESSION_ABSOLUTE_MINUTES: minutes(8 * 60),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  OIDC_ISSUER: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
});

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
  sessionSecret: string;
  publicUrl: string;
  logLevel: string;
  trustProxy: boolean;
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
    sessionSecret: e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
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
  };
}
