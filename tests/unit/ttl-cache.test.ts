import { describe, expect, it } from 'vitest';
import { createTtlCache } from '../../src/server/platform/ttl-cache';

describe('createTtlCache', () => {
  it('shares one load between concurrent and repeated gets until the time to live ends', async () => {
    let clock = 1_000;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 2_000, maxEntries: 10, now: () => clock });
    const load = async () => (loads += 1);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock += 1_999;
    expect(await cache.get('a', load)).toBe(1);
    clock += 1;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('forgets a failed load, keeps at most maxEntries, and clears', async () => {
    const cache = createTtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'back')).toBe('back');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(cache.size).toBe(2);
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded'); // the oldest went
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('never keeps anything when the time to live is 0', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 0, maxEntries: 10 });
    await cache.get('a', async () => (loads += 1));
    await cache.get('a', async () => (loads += 1));
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps a key asked for once nothing, and one asked for again within the time to live', async () => {
    let clock = 1_000;
    let loads = 0;
    const cache = createTtlCache<number>({
      ttlMs: 2_000,
      maxEntries: 10,
      admitOnRepeat: true,
      now: () => clock,
    });
    const load = async () => (loads += 1);
    // A stream of one-off keys leaves the cache empty.
    for (let i = 0; i < 100; i++) await cache.get(`once-${i}`, load);
    expect(cache.size).toBe(0);
    // The second request for a key is kept, and the ones after it share that answer.
    expect(await cache.get('a', load)).toBe(101);
    expect(await cache.get('a', load)).toBe(102);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([102, 102]);
    expect(cache.size).toBe(1);
    // A repeat after the time to live counts as a first request again.
    expect(await cache.get('b', load)).toBe(103);
    clock += 2_000;
    expect(await cache.get('b', load)).toBe(104);
    expect(await cache.get('b', load)).toBe(105);
    expect(await cache.get('b', load)).toBe(105);
    expect(loads).toBe(105);
  });

  it('still keeps every key from its first request without admitOnRepeat', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 2_000, maxEntries: 10 });
    await cache.get('a', async () => (loads += 1));
    await cache.get('a', async () => (loads += 1));
    expect(loads).toBe(1);
  });
});
