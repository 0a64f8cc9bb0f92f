import type {} from 'fastify';
import { slotMask, slotsWanted } from '@contracts/availability';
import type { CarerSearchQuery, CarerSort } from '@contracts/carers';
import { earthPoint, EARTH_RADIUS_M, METRES_PER_MILE, secToGc } from '../../platform/distance';
import { decodeCursor, encodeCursor } from './carer-cursor';
import { postcodeDistrictOf } from './carer-mapper';
import type { CarerSearchRow, SearchOrigin } from './carer-search.repository';
import type { CarerSearchIndexRepository, IndexedCarerRow } from './carer-search-index.repository';

/*
 * The public carer search answered from memory (decision 0025). Each instance keeps every
 * profile's search fields (~1 KB a carer) in a few sorted arrays, reads them all once, and then,
 * on each change notice from the database, only the rows that changed. A search is a walk of an
 * array in the page's order, or a scan of the few carers a place or a location text can match,
 * with no database round trip: the rules, the orders and the cursors are those of the SQL search
 * (carer-search.repository.ts), and tests/api/search-index.test.ts holds the two to the same pages.
 *
 * It answers only while it hears the change notices: before its first read, and whenever its
 * LISTEN connection drops, the SQL search answers instead.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search (decision 0025); null when SEARCH_INDEX is off. */
    carerSearchIndex: CarerSearchIndex | null;
  }
}

type Key = string | number;

/** One profile as the index keeps it: the row for the answer, and its filter and order fields. */
interface Entry {
  row: CarerSearchRow;
  id: string;
  active: boolean;
  listedUntilMs: number;
  specialization: string;
  tags: readonly string[];
  slots: number;
  rateMin: number;
  rateMax: number;
  rating: number;
  reviewCount: number;
  rank: number;
  /** lower(location), its town (before the first comma, trimmed) and upper(postcode district). */
  location: string;
  town: string;
  district: string | null;
  /** The home as an earthdistance point; NaN when the profile has no home. */
  latitude: number;
  x: number;
  y: number;
  z: number;
  /** How far the carer travels, in metres; Infinity when they have not said. */
  travelMetres: number;
}

/** A candidate for a page: the entry, its location fit (best order with a location) and its distance key. */
interface Candidate {
  entry: Entry;
  fit: number;
  chord: number;
}

const byId = (a: Entry, b: Entry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The orders of carer-search.repository.ts's ORDERS (ties broken by id, as uuids compare). */
const ENTRY_ORDERS: Record<Exclude<CarerSort, 'distance'>, (a: Entry, b: Entry) => number> = {
  best: (a, b) => b.rank - a.rank || byId(a, b),
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || byId(a, b),
  price: (a, b) => a.rateMin - b.rateMin || byId(a, b),
};
type WalkOrder = keyof typeof ENTRY_ORDERS;
const WALK_ORDERS = Object.keys(ENTRY_ORDERS) as WalkOrder[];

/**
 * Distance keys closer than this (metres) are the same distance, ordered by id. PostgreSQL's sin
 * and cos and JavaScript's may differ in the last bit, which the subtraction of two points ~6,000
 * km from the earth's centre turns into ~1e-10 m: a cursor made by one search must page the same
 * in the other, and homes a micrometre apart are at one place.
 */
const SAME_DISTANCE_M = 1e-6;

const compareCandidates = (sort: CarerSort, withFit: boolean) => {
  if (sort === 'distance')
    return (a: Candidate, b: Candidate) => {
      const apart = a.chord - b.chord;
      return Math.abs(apart) <= SAME_DISTANCE_M ? byId(a.entry, b.entry) : apart;
    };
  const order = ENTRY_ORDERS[sort];
  return withFit
    ? (a: Candidate, b: Candidate) => b.fit - a.fit || order(a.entry, b.entry)
    : (a: Candidate, b: Candidate) => order(a.entry, b.entry);
};

/** The cursor's keys as a candidate, to compare rows with (keys as carer-search.repository.ts makes them). */
function cursorCandidate(sort: CarerSort, withFit: boolean, keys: Key[]): Candidate {
  const [first, second, third] = withFit ? keys.slice(1) : keys;
  const entry = { id: '', rank: 0, rating: 0, reviewCount: 0, rateMin: 0 } as Entry;
  let chord = 0;
  switch (sort) {
    case 'best':
      entry.rank = first as number;
      entry.id = second as string;
      break;
    case 'rating':
      entry.rating = Number(first);
      entry.reviewCount = second as number;
      entry.id = third as string;
      break;
    case 'price':
      entry.rateMin = Number(first);
      entry.id = second as string;
      break;
    case 'distance':
      chord = first as number;
      entry.id = second as string;
      break;
  }
  return { entry, fit: withFit ? (keys[0] as number) : 0, chord };
}

/** The cursor's keys of a page's last row (the SQL search's, key for key). */
function cursorKeys(sort: CarerSort, withFit: boolean, last: Candidate): Key[] {
  const row = last.entry.row;
  const keys: Key[] =
    sort === 'best'
      ? [row.rankScore, row.id]
      : sort === 'rating'
        ? [row.rating, row.reviewCount, row.id]
        : sort === 'price'
          ? [row.hourlyRateMin, row.id]
          : [last.chord, row.id];
  return withFit ? [last.fit, ...keys] : keys;
}

function toEntry(row: IndexedCarerRow): Entry {
  const { homeLatitude, homeLongitude, listedUntil, ...answer } = row;
  const placed = homeLatitude !== null && homeLongitude !== null;
  const [x, y, z] = placed ? earthPoint(homeLatitude, homeLongitude) : [NaN, NaN, NaN];
  const location = row.location.toLowerCase();
  return {
    row: Object.freeze(answer) as CarerSearchRow,
    id: row.id,
    active: row.isActive,
    listedUntilMs: listedUntil.getTime(),
    specialization: row.specialization,
    tags: row.availability,
    slots: row.availabilitySlots,
    rateMin: Number(row.hourlyRateMin),
    rateMax: Number(row.hourlyRateMax),
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    rank: row.rankScore,
    location,
    town: row.location.split(',')[0]!.trim().toLowerCase(),
    district: row.postcodeDistrict?.toUpperCase() ?? null,
    latitude: placed ? homeLatitude : NaN,
    x,
    y,
    z,
    travelMetres: row.travelMiles === null ? Infinity : row.travelMiles * METRES_PER_MILE,
  };
}

/** The first index in `sorted` whose element is not before `item` (binary search). */
function lowerBound<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byLatitude = (a: Entry, b: Entry) => a.latitude - b.latitude || byId(a, b);

/** A few changed rows are moved within the sorted arrays; more than this, and they are sorted again. */
const REBUILD_FROM_CHANGES = 2_000;

/** Everything the index holds; replaced whole on a full read, changed in place by small deltas. */
class Entries {
  readonly byId = new Map<string, Entry>();
  /** Every profile in each walk order. */
  readonly sorted: Record<WalkOrder, Entry[]> = { best: [], rating: [], price: [] };
  /** Profiles with a home, by latitude: a place's band of latitudes holds every home near it. */
  readonly placed: Entry[] = [];
  /** Profiles by lower(location) and by upper(postcode district). */
  readonly byLocation = new Map<string, Set<Entry>>();
  readonly byDistrict = new Map<string, Set<Entry>>();

  constructor(rows: readonly IndexedCarerRow[] = []) {
    for (const row of rows) this.byId.set(row.id, toEntry(row));
    this.rebuild();
  }

  /** Sorts every array afresh from `byId`. */
  rebuild() {
    const all = [...this.byId.values()];
    for (const order of WALK_ORDERS) this.sorted[order] = [...all].sort(ENTRY_ORDERS[order]);
    this.placed.length = 0;
    this.placed.push(...all.filter((entry) => !Number.isNaN(entry.latitude)).sort(byLatitude));
    this.byLocation.clear();
    this.byDistrict.clear();
    for (const entry of all) this.addToMaps(entry);
  }

  apply(rows: readonly IndexedCarerRow[], removedIds: readonly string[]) {
    if (rows.length + removedIds.length > REBUILD_FROM_CHANGES) {
      for (const id of removedIds) this.byId.delete(id);
      for (const row of rows) this.byId.set(row.id, toEntry(row));
      this.rebuild();
      return;
    }
    for (const id of removedIds) this.remove(id);
    for (const row of rows) {
      this.remove(row.id);
      this.add(toEntry(row));
    }
  }

  private add(entry: Entry) {
    this.byId.set(entry.id, entry);
    for (const order of WALK_ORDERS) {
      const list = this.sorted[order];
      list.splice(lowerBound(list, entry, ENTRY_ORDERS[order]), 0, entry);
    }
    if (!Number.isNaN(entry.latitude)) this.placed.splice(lowerBound(this.placed, entry, byLatitude), 0, entry);
    this.addToMaps(entry);
  }

  private remove(id: string) {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const cut = (list: Entry[], compare: (a: Entry, b: Entry) => number) => {
      const at = lowerBound(list, entry, compare);
      if (list[at] === entry) list.splice(at, 1);
    };
    for (const order of WALK_ORDERS) cut(this.sorted[order], ENTRY_ORDERS[order]);
    if (!Number.isNaN(entry.latitude)) cut(this.placed, byLatitude);
    this.byLocation.get(entry.location)?.delete(entry);
    if (entry.district !== null) this.byDistrict.get(entry.district)?.delete(entry);
  }

  private addToMaps(entry: Entry) {
    const into = (map: Map<string, Set<Entry>>, key: string) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(entry);
    };
    into(this.byLocation, entry.location);
    if (entry.district !== null) into(this.byDistrict, entry.district);
  }
}

/** The `limit` first candidates in `compare` order among those offered (kept sorted as they come). */
class FirstInOrder {
  readonly items: Candidate[] = [];
  constructor(
    private readonly limit: number,
    private readonly compare: (a: Candidate, b: Candidate) => number,
  ) {}

  /** Whether a candidate like this one could still make the page (cheap check before building it). */
  full(): boolean {
    return this.items.length >= this.limit;
  }

  offer(candidate: Candidate) {
    const { items, limit, compare } = this;
    if (items.length >= limit && compare(candidate, items[limit - 1]!) >= 0) return;
    items.splice(lowerBound(items, candidate, compare), 0, { ...candidate });
    if (items.length > limit) items.pop();
  }
}

/** An in-memory search over `entries`, the same pages as the SQL search for the same rows. */
export function searchEntries(
  entries: Entries,
  query: CarerSearchQuery,
  near: SearchOrigin | undefined,
  nowMs: number,
): { rows: CarerSearchRow[]; nextCursor: string | null } {
  const withFit = query.sort === 'best' && query.location !== undefined && !near;
  const after = query.cursor
    ? cursorCandidate(query.sort, withFit, decodeCursor(query.cursor, withFit ? 'best-near' : query.sort).keys)
    : undefined;
  const compare = compareCandidates(query.sort, withFit);
  const limit = query.limit + 1;
  const wantedSlots =
    query.day !== undefined || query.partOfDay !== undefined
      ? slotMask(slotsWanted(query.day, query.partOfDay))
      : undefined;
  const { careType, availability, minRate, maxRate } = query;
  const listed = (entry: Entry) =>
    entry.active &&
    entry.listedUntilMs > nowMs &&
    (careType === undefined || entry.specialization === careType) &&
    (availability === undefined || entry.tags.includes(availability)) &&
    (minRate === undefined || entry.rateMax >= minRate) &&
    (maxRate === undefined || entry.rateMin <= maxRate) &&
    (wantedSlots === undefined || (entry.slots & wantedSlots) !== 0);

  // The location text: a substring of lower(location), or the postcode district; the candidates
  // are read from the maps (a few thousand distinct locations are scanned, not every carer).
  const text = query.location?.toLowerCase();
  const district = query.location ? postcodeDistrictOf(query.location) : undefined;
  const inText = (entry: Entry) =>
    text === undefined || entry.location.includes(text) || (district !== undefined && entry.district === district);
  const fitOf = (entry: Entry) =>
    (district !== undefined && entry.district === district) || entry.town === text ? 1 : 0;

  const page = new FirstInOrder(limit, compare);
  const scratch: Candidate = { entry: undefined as unknown as Entry, fit: 0, chord: 0 };
  const consider = (entry: Entry, fit: number, chord: number) => {
    scratch.entry = entry;
    scratch.fit = fit;
    scratch.chord = chord;
    if (after && compare(scratch, after) <= 0) return;
    page.offer(scratch);
  };

  if (near) {
    // Homes in the band of latitudes the circle spans (a degree of latitude is the same length
    // everywhere), then the distance and the carer's own travel distance, as earthdistance tests them.
    const radius = query.within * METRES_PER_MILE;
    const [x0, y0, z0] = earthPoint(near.latitude, near.longitude);
    const spanDegrees = (radius / EARTH_RADIUS_M) * (180 / Math.PI) + 1e-6;
    const probe = { latitude: near.latitude - spanDegrees, id: '' } as Entry;
    const { placed } = entries;
    for (let at = lowerBound(placed, probe, byLatitude); at < placed.length; at++) {
      const entry = placed[at]!;
      if (entry.latitude > near.latitude + spanDegrees) break;
      const chord = Math.sqrt((entry.x - x0) ** 2 + (entry.y - y0) ** 2 + (entry.z - z0) ** 2);
      const metres = secToGc(chord);
      if (metres > radius || metres > entry.travelMetres) continue;
      if (!listed(entry) || !inText(entry)) continue;
      consider(entry, 0, chord);
    }
  } else if (text !== undefined) {
    for (const [location, set] of entries.byLocation) {
      if (!location.includes(text)) continue;
      for (const entry of set) if (listed(entry)) consider(entry, withFit ? fitOf(entry) : 0, 0);
    }
    if (district !== undefined) {
      // Carers in the district whose location text does not mention it (the rest came above).
      for (const entry of entries.byDistrict.get(district) ?? []) {
        if (!entry.location.includes(text) && listed(entry)) consider(entry, withFit ? 1 : 0, 0);
      }
    }
  } else {
    // No place and no text: walk the order's array from the cursor until the page is full.
    const order: WalkOrder = query.sort === 'distance' ? 'best' : query.sort;
    const list = entries.sorted[order];
    const start = after ? lowerBound(list, after.entry, (a, b) => ENTRY_ORDERS[order](a, b) || -1) : 0;
    for (let at = start; at < list.length && !page.full(); at++) {
      const entry = list[at]!;
      if (listed(entry)) consider(entry, 0, 0);
    }
  }

  const found = page.items;
  const rows = found.slice(0, query.limit).map((candidate) =>
    near
      ? { ...candidate.entry.row, distanceMetres: secToGc(candidate.chord), distanceKey: candidate.chord }
      : candidate.entry.row,
  );
  const last = found[query.limit - 1];
  const nextCursor =
    found.length > query.limit && last
      ? encodeCursor({ sort: query.sort, keys: cursorKeys(query.sort, withFit, last) })
      : null;
  return { rows, nextCursor };
}

/** How long an index may go without reading changes before it reads everything again (removals are kept a day). */
const READ_ALL_AFTER_MS = 6 * 60 * 60 * 1000;

export interface CarerSearchIndexDeps {
  repository: CarerSearchIndexRepository;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The index's life: `resume` (listening: read everything), `changed` (a notice: read the changes
 * before the next search), `suspend` (notices may be missed: stop answering). `search` answers
 * only when `ready`.
 */
export function createCarerSearchIndex({ repository, now = Date.now, onError }: CarerSearchIndexDeps) {
  let entries: Entries | undefined;
  let watermark = '';
  let lastReadMs = 0;
  /** Bumped by every notice, and by every suspension (a read in flight then is not trusted). */
  let generation = 0;
  let readGeneration = -1;
  let reading: Promise<void> | undefined;

  async function readAll() {
    const read = await repository.readAll();
    entries = new Entries(read.rows);
    watermark = read.watermark;
    lastReadMs = now();
  }

  async function readChanges() {
    const current = entries;
    if (!current || now() - lastReadMs > READ_ALL_AFTER_MS) return readAll();
    const read = await repository.readChanges(watermark);
    // (Were the entries dropped meanwhile, this applies to the dropped ones: the next read reads all.)
    current.apply(read.rows, read.removedIds);
    watermark = read.watermark;
    lastReadMs = now();
  }

  /** Brings the index up to the last notice heard (one read at a time, shared by every caller). */
  async function catchUp(): Promise<void> {
    while (listening && readGeneration < generation) {
      if (!reading) {
        const target = generation;
        reading = readChanges()
          .then(() => {
            if (listening) readGeneration = Math.max(readGeneration, target);
          })
          .finally(() => {
            reading = undefined;
          });
      }
      await reading;
    }
  }

  let listening = false;
  let answered = 0;

  return {
    /** Listening and read at least once: searches may be answered here. */
    get ready(): boolean {
      return listening && entries !== undefined;
    },

    /** Listening from now on: read everything (in the background; `ready` once done). */
    resume() {
      listening = true;
      entries = undefined;
      generation += 1;
      catchUp().catch((error: unknown) => onError?.(error));
    },

    /** Notices may be missed from now on: forget everything until the next `resume`. */
    suspend() {
      listening = false;
      entries = undefined;
      generation += 1;
    },

    /** A change notice (or this instance's own write): read the changes before the next search. */
    changed(payload?: string) {
      if (payload?.endsWith('TRUNCATE')) lastReadMs = 0;
      generation += 1;
    },

    /**
     * The page, from memory once the changes heard so far are read; undefined when the index
     * cannot answer (not listening, or not read yet): the caller searches the database.
     */
    async search(
      query: CarerSearchQuery,
      near?: SearchOrigin,
    ): Promise<{ rows: CarerSearchRow[]; nextCursor: string | null } | undefined> {
      if (!listening) return undefined;
      try {
        if (!entries) {
          // Not read yet (starting, or the last read failed): read in the background.
          catchUp().catch((error: unknown) => onError?.(error));
          return undefined;
        }
        await catchUp();
      } catch (error) {
        onError?.(error);
        return undefined;
      }
      if (!entries || !listening) return undefined;
      answered += 1;
      return searchEntries(entries, query, near, now());
    },

    /** Reads the changes heard so far (or everything, the first time); resolves once done. */
    refresh: () => catchUp(),

    /** How many searches it has answered (tests). */
    get answered(): number {
      return answered;
    },

    /** How many profiles it holds (tests, logs). */
    get size(): number {
      return entries?.byId.size ?? 0;
    },
  };
}
export type CarerSearchIndex = ReturnType<typeof createCarerSearchIndex>;
