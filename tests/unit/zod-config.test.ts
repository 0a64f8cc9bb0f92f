import { describe, expect, it } from 'vitest';

describe('the web app’s Zod configuration', () => {
  it('turns off Zod’s eval-based parsers before Zod loads (no CSP violation in the browser)', async () => {
    await import('../../src/web/lib/zod-config');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Ann', extra: 1 })).toEqual({ name: 'Ann' });
  });
});
