// Turns what people type (a postcode, an outward code, a town) into a point on the map. Built-in
// data answers everything it can offline; a postcodes.io-compatible service, when configured,
// places full postcodes exactly. Sources, accuracy and failure behaviour: docs/decisions/0023-geocoder.md.
import { normalisePostcode, outwardCodeOf } from '@contracts/postcodes';
import { createTtlCache } from '../ttl-cache';
import { builtInPointOf } from './built-in-places';
import { findTown } from './gazetteer';
import { createPostcodesService, PostcodesServiceDown } from './postcodes-service';

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
  /** A postcode, already normalised ('LS6 3AB'), placed exactly where the service knows it. */
  checkPostcode(postcode: string): Promise<PostcodeCheck>;
  /**
   * Where a person's postcode (a carer's home, a family's care request) is kept: the postcode is
   * checked as by checkPostcode, and its place is its district's centre, never the postcode's own
   * point (decision 0032).
   */
  checkHomePostcode(postcode: string): Promise<PostcodeCheck>;
  /**
   * An outward code's centre (decision 0032): the curated one, else the service's, else its area's
   * town. `settled` is false when the service was unreachable and the area's town stood in for a
   * centre the service may know. null for an area that does not exist.
   */
  districtCentre(outwardCode: string): Promise<{ place: Place; settled: boolean } | null>;
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

  /** The outward code's centre; `settled` false when the service was down (its area's town stood in). */
  async function outwardCodeCentre(outwardCode: string): Promise<{ place: Place | null; settled: boolean }> {
    const fallback = builtInPlace('outcode', outwardCode, outwardCode);
    // A curated district needs no service; an unknown area has nothing to ask about.
    if (!fallback || !fallback.approximate || !service) return { place: fallback, settled: true };
    try {
      const answer = await ask(`outcode:${outwardCode}`, async () => {
        const found = await service.outcode(outwardCode);
        if (!found.found) return found;
        const place: Place = found.point
          ? { ...found.point, kind: 'outcode', label: outwardCode, outwardCode, approximate: false }
          : fallback;
        return { found: true, place };
      });
      return { place: answer.found ? answer.place : null, settled: true };
    } catch (error) {
      if (error instanceof PostcodesServiceDown) return { place: fallback, settled: false };
      throw error;
    }
  }
  const findOutwardCode = async (outwardCode: string) => (await outwardCodeCentre(outwardCode)).place;

  async function districtCentre(outwardCode: string) {
    const { place, settled } = await outwardCodeCentre(outwardCode);
    // An outward code the service has never heard of (in an area that exists): its area's town.
    const centre = place ?? builtInPlace('outcode', outwardCode, outwardCode);
    return centre ? { place: centre, settled } : null;
  }

  async function checkHomePostcode(postcode: string): Promise<PostcodeCheck> {
    const check = await checkPostcode(postcode);
    if (check.status === 'not-found') return check;
    const centre = await districtCentre(outwardCodeOf(postcode)!);
    const place: Place | null = centre && {
      ...centre.place,
      kind: 'postcode',
      label: normalisePostcode(postcode)!,
      approximate: true,
    };
    // The district's centre was a stand-in (the service went down between the two questions): the
    // postcode is asked again later, as when it could not be checked.
    return check.status === 'found' && centre?.settled
      ? { status: 'found', place: place! }
      : { status: 'unchecked', place };
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
    checkHomePostcode,
    districtCentre,
  };
}

/**
 * The settled centres of `districts` (decision 0032), for moving kept points onto them: a
 * district whose centre is a stand-in while the service is down, or whose area does not exist,
 * is left out.
 */
export async function districtCentresOf(geocoder: Geocoder, districts: string[]) {
  const centres: { district: string; latitude: number; longitude: number }[] = [];
  for (const district of districts) {
    const centre = await geocoder.districtCentre(district);
    if (centre?.settled) {
      centres.push({ district, latitude: centre.place.latitude, longitude: centre.place.longitude });
    }
  }
  return centres;
}
