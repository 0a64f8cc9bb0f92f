import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from '../support/test-app';

// buildApp reads like the architecture. Each plugin is named and declares the
// plugins it needs registered before it; these tests prove the declarations are complete where
// the app is built, and real (Fastify refuses a plugin whose dependency is missing).

interface PluginMeta {
  name: string;
  dependencies?: string[];
}
type AppPlugin = ((...args: never[]) => unknown) & { [key: symbol]: PluginMeta | undefined };

const metaOf = (value: unknown): PluginMeta | undefined =>
  typeof value === 'function' ? (value as AppPlugin)[Symbol.for('plugin-meta')] : undefined;

const serverDir = path.resolve(import.meta.dirname, '../../src/server');
const featureDirs = fs
  .readdirSync(path.join(serverDir, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const pluginFiles = [
  'platform/platform.plugins.ts',
  'housekeeping.plugin.ts',
  ...featureDirs.flatMap((feature) =>
    fs
      .readdirSync(path.join(serverDir, 'features', feature))
      .filter((file) => file.endsWith('.plugin.ts'))
      .map((file) => `features/${feature}/${file}`),
  ),
];

/** Every plugin the app's plugin files export, by name. */
async function appPlugins(): Promise<Map<string, { plugin: AppPlugin; meta: PluginMeta; file: string }>> {
  const plugins = new Map<string, { plugin: AppPlugin; meta: PluginMeta; file: string }>();
  for (const file of pluginFiles) {
    const module = (await import(path.join(serverDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const meta = metaOf(value);
      if (meta) plugins.set(meta.name, { plugin: value as AppPlugin, meta, file });
    }
  }
  return plugins;
}

describe('the composition root', () => {
  let t: TestApp;
  let registered: string[];

  beforeAll(async () => {
    t = await createTestApp();
    registered = [...((t.app as unknown as Record<symbol, string[]>)[Symbol.for('registered-plugin')] ?? [])];
  });
  afterAll(() => t.close());

  it('has one plugin file per server feature', () => {
    for (const feature of featureDirs) {
      expect(
        pluginFiles.some((file) => file.startsWith(`features/${feature}/`)),
        feature,
      ).toBe(true);
    }
  });

  it('registers every plugin of the platform and the features once, after the plugins it depends on', async () => {
    const plugins = await appPlugins();
    // The platform's and every feature's (the demo mailbox too: tests run as NODE_ENV=test).
    expect([...plugins.keys()].filter((name) => name.startsWith('features/')).length).toBeGreaterThanOrEqual(
      featureDirs.length,
    );
    for (const [name, { meta, file }] of plugins) {
      expect(
        registered.filter((entry) => entry === name),
        `${name} (${file}) registered once`,
      ).toHaveLength(1);
      const at = registered.indexOf(name);
      for (const dependency of meta.dependencies ?? []) {
        const dependencyAt = registered.indexOf(dependency);
        expect(dependencyAt, `${name} needs ${dependency} registered before it`).toBeGreaterThanOrEqual(0);
        expect(dependencyAt, `${name} needs ${dependency} registered before it`).toBeLessThan(at);
      }
    }
    // Nothing registered under an app plugin's name that no plugin file exports.
    const appNames = registered.filter((name) => /^(platform|features)\//.test(name));
    expect(appNames.sort()).toEqual([...plugins.keys()].sort());
  });

  it('gives the features the services of the plugins they depend on as decorators', () => {
    for (const decorator of [
      'storage',
      'sessions',
      'rateLimiter',
      'mailer',
      'geocoder',
      'payments',
      'carers',
    ]) {
      expect(t.app.hasDecorator(decorator), decorator).toBe(true);
    }
  });

  it('leaves the demo mailbox out in production, and every other plugin in', async () => {
    const production = await createTestApp(PRODUCTION_TEST_ENV, undefined, { database: t.database });
    try {
      const names =
        (production.app as unknown as Record<symbol, string[]>)[Symbol.for('registered-plugin')] ?? [];
      expect(names).not.toContain('features/demo');
      expect(names.filter((name) => name !== 'features/demo').sort()).toEqual(
        registered.filter((name) => name !== 'features/demo').sort(),
      );
    } finally {
      await production.close();
    }
  });

  it('refuses a plugin registered without one of its dependencies', async () => {
    const plugins = await appPlugins();
    const withDependencies = [...plugins.values()].filter(({ meta }) => (meta.dependencies ?? []).length > 0);
    expect(withDependencies.length).toBeGreaterThan(10);
    for (const { plugin, meta } of withDependencies) {
      const [first] = meta.dependencies!;
      const bare = Fastify({ logger: false });
      await expect(bare.register(plugin as never, {} as never).ready(), meta.name).rejects.toThrow(
        `The dependency '${first}' of plugin '${meta.name}' is not registered`,
      );
      await bare.close();
    }
  });

  it('refuses the carers without verification, even with everything else they need', async () => {
    const plugins = await appPlugins();
    const carers = plugins.get('features/carers')!;
    expect(carers.meta.dependencies).toContain('features/verification');
    const app = Fastify({ logger: false });
    // Stand-ins named as the others it needs: only verification's name is missing.
    for (const name of carers.meta.dependencies!.filter((d) => d !== 'features/verification')) {
      const standIn = Object.assign(async () => {}, { [Symbol.for('plugin-meta')]: { name } });
      await app.register(standIn);
    }
    await expect(app.register(carers.plugin as never, {} as never).ready()).rejects.toThrow(
      "The dependency 'features/verification' of plugin 'features/carers' is not registered",
    );
    await app.close();
  });
});
