import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('defaults to demo mode on port 3000 with PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'demo',
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/[\\/]data$/);
    expect(config.session).toMatchObject({
      cookieName: 'cm_session',
      secureCookie: false,
      idleMinutes: 10080,
      absoluteMinutes: 43200,
      adminIdleMinutes: 30,
      adminAbsoluteMinutes: 480,
    });
  });

  it.each([
    [{}, /DATABASE_URL: required when NODE_ENV=production[\s\S]*SESSION_SECRET: required/],
    [{ DATABASE_URL: 'postgres://db/carematch' }, /SESSION_SECRET: required when NODE_ENV=production/],
    [
      { DATABASE_URL: 'mysql://db/carematch', SESSION_SECRET: 'x'.repeat(40) },
      /DATABASE_URL: must be a postgres/,
    ],
    [
      { DATABASE_URL: 'postgres://db/carematch', SESSION_SECRET: 'too-short' },
      /SESSION_SECRET: must be at least 32 characters/,
    ],
  ])('stops a production start with a message naming the variable (%o)', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ...env })).toThrow(message);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'carematch.example' }, /PUBLIC_URL: must be an http\(s\) URL/],
    [{ SESSION_IDLE_MINUTES: '-5' }, /SESSION_IDLE_MINUTES/],
    [{ OIDC_ISSUER: 'https://id.example' }, /OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/],
    // Sent as a header: no spaces, line breaks or other characters a header would not carry.
    [{ INSTANCE_ID: 'app 1\r\nSet-Cookie: x' }, /INSTANCE_ID: must be up to 64 letters/],
    [{ SEARCH_CACHE_SECONDS: 'soon' }, /SEARCH_CACHE_SECONDS/],
    [{ SEARCH_CACHE_SECONDS: '61' }, /SEARCH_CACHE_SECONDS/],
  ])('refuses a malformed value (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('uses secure __Host- cookies in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/carematch',
      SESSION_SECRET: 's'.repeat(32),
      PAYMENTS_PROVIDER: 'demo',
    });
    expect(config.mode).toBe('production');
    expect(config.session).toMatchObject({ cookieName: '__Host-cm_session', secureCookie: true });
  });

  it('reads lifetimes and treats empty values as unset', () => {
    const config = loadConfig({
      SESSION_IDLE_MINUTES: '60',
      DATABASE_URL: '',
      PUBLIC_URL: 'https://carematch.example/',
    });
    expect(config.session.idleMinutes).toBe(60);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://carematch.example');
  });

  it('keeps searches, sessions and carers in memory in production only, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/c',
      SESSION_SECRET: 's'.repeat(32),
      PAYMENTS_PROVIDER: 'demo',
    };
    const caches = (env: Record<string, string>) => {
      const config = loadConfig(env);
      return [config.searchCacheMs, config.sessionCacheMs, config.carerCacheMs];
    };
    expect(caches({})).toEqual([0, 0, 0]);
    expect(caches(production)).toEqual([30_000, 300_000, 300_000]);
    expect(
      caches({
        ...production,
        SEARCH_CACHE_SECONDS: '0',
        SESSION_CACHE_SECONDS: '0',
        CARER_CACHE_SECONDS: '0',
      }),
    ).toEqual([0, 0, 0]);
    expect(
      caches({ SEARCH_CACHE_SECONDS: '5', SESSION_CACHE_SECONDS: '6', CARER_CACHE_SECONDS: '7' }),
    ).toEqual([5_000, 6_000, 7_000]);
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '301' })).toThrow(/SESSION_CACHE_SECONDS/);
  });

  it('limits registrations per network in production only, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/c',
      SESSION_SECRET: 's'.repeat(32),
      PAYMENTS_PROVIDER: 'demo',
    };
    expect(loadConfig({}).registrationsPerHour).toBe(0);
    expect(loadConfig(production).registrationsPerHour).toBe(20);
    expect(loadConfig({ ...production, REGISTRATIONS_PER_HOUR: '0' }).registrationsPerHour).toBe(0);
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: '50' }).registrationsPerHour).toBe(50);
    expect(() => loadConfig({ REGISTRATIONS_PER_HOUR: '-1' })).toThrow(/REGISTRATIONS_PER_HOUR/);
  });

  it('hashes passwords at the light cost in tests only', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/c',
      SESSION_SECRET: 's'.repeat(32),
      PAYMENTS_PROVIDER: 'demo',
    };
    expect(loadConfig(production).passwordHashing).toBe('standard');
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashing).toBe('light');
  });

  it('keys two-factor under SESSION_SECRET unless TWO_FACTOR_SECRET is set', () => {
    const session = 's'.repeat(32);
    expect(loadConfig({ SESSION_SECRET: session }).twoFactorSecret).toBe(session);
    expect(loadConfig({ SESSION_SECRET: session, TWO_FACTOR_SECRET: 't'.repeat(32) }).twoFactorSecret).toBe(
      't'.repeat(32),
    );
    expect(loadConfig({}).twoFactorSecret).toBe(loadConfig({}).sessionSecret);
    expect(() => loadConfig({ TWO_FACTOR_SECRET: 'short' })).toThrow(/TWO_FACTOR_SECRET/);
  });

  it('names the instance only when INSTANCE_ID is set', () => {
    expect(loadConfig({}).instanceId).toBeUndefined();
    expect(loadConfig({ INSTANCE_ID: '' }).instanceId).toBeUndefined();
    expect(loadConfig({ INSTANCE_ID: 'app-2' }).instanceId).toBe('app-2');
  });
});

describe('upload storage settings', () => {
  it('uses S3 when all four settings are given, with a default region', () => {
    const config = loadConfig({
      S3_ENDPOINT: 'https://s3.example',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(config.s3).toEqual({
      endpoint: 'https://s3.example',
      bucket: 'b',
      region: 'auto',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('refuses half an S3 configuration', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(
      /S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe('payment provider (PAYMENTS_PROVIDER)', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgresql://db/c',
    SESSION_SECRET: 's'.repeat(32),
  };
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };

  it('refuses a production start without Stripe keys, naming them and the opt-in', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production[\s\S]*PAYMENTS_PROVIDER=demo/,
    );
    // An empty value is unset, as for every other setting.
    expect(() => loadConfig({ ...production, PAYMENTS_PROVIDER: '' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('runs the demo provider in production only when asked for by name', () => {
    const config = loadConfig({ ...production, PAYMENTS_PROVIDER: 'demo' });
    expect(config.paymentsProvider).toBe('demo');
    expect(config.stripe).toBeUndefined();
  });

  it('uses Stripe when its keys are set, in production or not', () => {
    expect(loadConfig({ ...production, ...stripeKeys }).paymentsProvider).toBe('stripe');
    expect(loadConfig({ ...production, ...stripeKeys, PAYMENTS_PROVIDER: 'stripe' }).stripe).toMatchObject({
      secretKey: 'sk_live_abc',
    });
    expect(loadConfig(stripeKeys).paymentsProvider).toBe('stripe');
  });

  it('keeps the demo provider by default outside production', () => {
    expect(loadConfig({}).paymentsProvider).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'test' }).paymentsProvider).toBe('demo');
  });

  it.each([
    [{ PAYMENTS_PROVIDER: 'paypal' }, /PAYMENTS_PROVIDER: must be 'stripe' or 'demo'/],
    [{ PAYMENTS_PROVIDER: 'Demo' }, /PAYMENTS_PROVIDER: must be 'stripe' or 'demo'/],
    [{ PAYMENTS_PROVIDER: 'stripe' }, /STRIPE_SECRET_KEY, .*: required when PAYMENTS_PROVIDER=stripe/],
    [{ PAYMENTS_PROVIDER: 'demo', ...stripeKeys }, /PAYMENTS_PROVIDER: demo, but STRIPE_SECRET_KEY/],
  ])('refuses an unknown or contradictory choice (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig({ ...production, ...env })).toThrow(message);
  });
});
