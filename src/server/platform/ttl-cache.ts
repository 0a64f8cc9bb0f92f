/**
 * A small in-process cache of promises with a time to live: concurrent misses for one key share
 * one load, a failed load is forgotten at once, and the oldest entry goes when the cache is full.
 * Per instance only: whatever it holds may be up to `ttlMs` old on every instance.
 *
 * With `admitOnRepeat`, a key is kept only when it is asked for a second time within `ttlMs`
 * (a "doorkeeper"): a stream of keys that rarely repeat, such as public searches, then never
 * fills the cache. Kept answers live until they are pushed out, long enough to reach the old
 * generation, so churning one-off answers through the cache costs full garbage collections,
 * which is where a server's slowest answers come from (docs/performance.md, "District points").
 */
export function createTtlCache<T>({
  ttlMs,
  maxEntries,
  admitOnRepeat = false,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxEntries: number;
  admitOnRepeat?: boolean;
  now?: () => number;
}) {
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();
  const doorkeeper = admitOnRepeat ? createDoorkeeper(maxEntries * 4, ttlMs) : undefined;

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value;
      if (hit) entries.delete(key);
      if (doorkeeper && !doorkeeper.seenBefore(key, at)) return load();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { expiresAt: at + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/**
 * Remembers which keys were asked for lately in fixed typed arrays (a 32-bit hash and a time per
 * slot), so one-off keys leave no objects behind. Two keys sharing a slot only make a repeat look
 * new (it is then kept on its next request) or, with equal hashes, a new key look repeated (kept a
 * little early): either way an answer is at most kept or not, never wrong.
 */
function createDoorkeeper(slots: number, ttlMs: number) {
  const hashes = new Int32Array(slots);
  const seenAt = new Float64Array(slots);
  return {
    /** Whether `key` was seen within the time to live; records this sighting either way. */
    seenBefore(key: string, at: number): boolean {
      const hash = fnv1a(key);
      const slot = (hash >>> 0) % slots;
      const repeated = seenAt[slot]! > 0 && hashes[slot] === hash && at - seenAt[slot]! < ttlMs;
      hashes[slot] = hash;
      seenAt[slot] = at;
      return repeated;
    },
  };
}

/** FNV-1a over the string's UTF-16 code units: a fast, well-spread 32-bit hash. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
