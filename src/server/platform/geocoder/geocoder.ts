// Turns what people type (a postcode, an outward code, a town) into a point on the map. Built-in
// data answers everything it can offline; a postcodes.io-compatible service, when configured,
// places full postcodes exactly. Sources, accuracy and failure behaviour: docs/decisions/0023-geocoder.md.
import { normalisePostcode, outwardCodeOf } from '@contracts/postcodes';
import { createTtlCache } from '../ttl-cache';
import { builtInPointOf } from './built-in-places';
import { findTown } from './gazetteer';
import { createPostcodesService, PostcodesServiceDown } from './postcodes-service';

export { createPlaceLookupCache } from './place-lookups.repository';

export interface Place {
  latitude: number;
  longitude: number;
  /** What the text was found as. */
  kind: 'postcode' | 'outcode' | 'town';
  /** How to show it: 'LS6 3AB', 'LS6', 'Leeds'. */
  label: string;
  /** The outward code when known ('LS6'), else null. */
  outwardCode: string | null;
  /** True when a coarser centre stood in (a postcode placed at its district's or area's centre). */
  approximate: boolean;
}
export type PostcodeCheck =
  | { status: 'found'; place: Place }
  | { status: 'not-found' }
  /** The postcode service was unreachable: the best built-in place for it (its district), or null. */
  | { status: 'unchecked'; place: Place | null };
export interface Geocoder {
  /** A place a family typed: a full postcode, an outward code ('LS6') or a town ('Leeds', 'leeds, west yorkshire'). null when unknown. Never throws because a service is down: falls back to the built-in data. */
  find(text: string): Promise<Place | null>;
  /** A carer's home postcode, already normalised ('LS6 3AB'). */
  checkPostcode(postcode: string): Promise<PostcodeCheck>;
}
export interface PlaceCache {
  get(query: string): Promise<{ found: false } | { found: true; place: Place } | undefined>;
  set(query: string, answer: { found: false } | { found: true; place: Place }): Promise<void>;
}

type Answer = { found: false } | { found: true; place: Place };

// Postcodes hardly ever move: an answer may be served from memory for a while on each instance.
const MEMORY_TTL_MS = 10 * 60_000;
const MEMORY_ENTRIES = 10_000;
// After a timeout, searches stop waiting on the service for a few seconds (a refused connection
// or a 503 fails fast, so those are tried again on the next request).
const QUIET_AFTER_TIMEOUT_MS = 10_000;

export function createGeocoder(options: {
  /** A postcodes.io-compatible service (https://postcodes.io API: GET /postcodes/:postcode, GET /outcodes/:outcode); none = built-in only. */
  postcodesUrl?: string;
  cache?: PlaceCache; // answers of the service, kept in the database
  fetch?: typeof fetch; // for tests
  timeoutMs?: number; // default ~2000
  logger?: { warn(obj: object, msg: string): void };
}): Geocoder {
  const { cache, logger } = options;
  const service = options.postcodesUrl
    ? createPostcodesService({
        url: options.postcodesUrl,
        fetch: options.fetch ?? globalThis.fetch,
        timeoutMs: options.timeoutMs ?? 2_000,
      })
    : null;
  const memory = createTtlCache<Answer>({ ttlMs: MEMORY_TTL_MS, maxEntries: MEMORY_ENTRIES });
  let down = false;
  let quietUntil = 0;

  /** The service's answer to `query`, from memory, the database, or the service. Throws PostcodesServiceDown. */
  function ask(query: string, lookup: () => Promise<Answer>): Promise<Answer> {
    return memory.get(query, async () => {
      const kept = await cache?.get(query).catch(() => undefined); // a database hiccup only costs a lookup
      if (kept) return kept;
      const answer = await fromService(lookup);
      // An approximate place is a built-in stand-in, not the service's answer: not worth keeping.
      if (!answer.found || !answer.place.approximate) {
        await cache?.set(query, answer).catch((error: unknown) => {
          logger?.warn({ err: error }, 'could not keep a postcode answer'); // not the query: it may be a carer's home
        });
      }
      return answer;
    });
  }

  async function fromService(lookup: () => Promise<Answer>): Promise<Answer> {
    if (Date.now() < quietUntil) throw new PostcodesServiceDown('postcode service quiet after a timeout');
    try {
      const answer = await lookup();
      down = false;
      return answer;
    } catch (error) {
      if (!(error instanceof PostcodesServiceDown)) throw error;
      if (error.timedOut) quietUntil = Date.now() + QUIET_AFTER_TIMEOUT_MS;
      if (!down)
        logger?.warn({ err: error }, 'postcode service unreachable: using built-in places until it answers');
      down = true;
      throw error;
    }
  }

  /** The built-in place of a postcode or an outward code; null when its area does not exist. */
  function builtInPlace(kind: 'postcode' | 'outcode', label: string, outwardCode: string): Place | null {
    const point = builtInPointOf(outwardCode);
    if (!point) return null;
    const approximate = kind === 'postcode' || point.approximate;
    return { latitude: point.latitude, longitude: point.longitude, kind, label, outwardCode, approximate };
  }

  async function checkPostcode(text: string): Promise<PostcodeCheck> {
    const postcode = normalisePostcode(text);
    const outwardCode = postcode && outwardCodeOf(postcode);
    const fallback = postcode && outwardCode ? builtInPlace('postcode', postcode, outwardCode) : null;
    if (!postcode || !outwardCode || !fallback) return { status: 'not-found' };
    if (!service) return { status: 'found', place: fallback };
    try {
      const answer = await ask(`postcode:${postcode}`, async () => {
        const found = await service.postcode(postcode);
        if (!found.found) return found;
        // The service knows the postcode but has no coordinates for it: its district stands in.
        const place: Place = found.point
          ? { ...found.point, kind: 'postcode', label: postcode, outwardCode, approximate: false }
          : fallback;
        return { found: true, place };
      });
      return answer.found ? { status: 'found', place: answer.place } : { status: 'not-found' };
    } catch (error) {
      if (error instanceof PostcodesServiceDown) return { status: 'unchecked', place: fallback };
      throw error;
    }
  }

  async function findOutwardCode(outwardCode: string): Promise<Place | null> {
    const fallback = builtInPlace('outcode', outwardCode, outwardCode);
    // A curated district needs no service; an unknown area has nothing to ask about.
    if (!fallback || !fallback.approximate || !service) return fallback;
    try {
      const answer = await ask(`outcode:${outwardCode}`, async () => {
        const found = await service.outcode(outwardCode);
        if (!found.found) return found;
        const place: Place = found.point
          ? { ...found.point, kind: 'outcode', label: outwardCode, outwardCode, approximate: false }
          : fallback;
        return { found: true, place };
      });
      return answer.found ? answer.place : null;
    } catch (error) {
      if (error instanceof PostcodesServiceDown) return fallback;
      throw error;
    }
  }

  return {
    async find(text) {
      if (normalisePostcode(text)) {
        const check = await checkPostcode(text);
        return check.status === 'not-found' ? null : check.place;
      }
      const outwardCode = outwardCodeOf(text);
      if (outwardCode) return findOutwardCode(outwardCode);
      const town = findTown(text);
      if (!town) return null;
      const { name, latitude, longitude } = town;
      return { latitude, longitude, kind: 'town', label: name, outwardCode: null, approximate: false };
    },
    checkPostcode,
  };
}
