import type {} from 'fastify';
import { slotMask, slotsWanted } from '@contracts/availability';
import { SEARCH_TOTAL_CAP, type CarerSearchQuery, type CarerSort, type SearchTotal } from '@contracts/carers';
import { chordOf, earthPoint, EARTH_RADIUS_M, METRES_PER_MILE, secToGc } from '../../platform/distance';
import { listedUntilMs } from './carer-listing';
import { decodeCursor, encodeCursor } from './carer-cursor';
import { postcodeDistrictOf } from './carer-mapper';
import type { CarerSearchAnswer, CarerSearchRow, SearchOrigin } from './carer-search.repository';
import type { CarerSearchIndexRepository, IndexedCarerRow } from './carer-search-index.repository';

/*
 * The public carer search answered from memory (decision 0025). Each instance keeps every
 * profile's search fields, reads them all once, and then, on each change notice from the
 * database, only the rows that changed. A search walks an order's list, or the homes at the points
 * inside the place's circle (a first page; many homes share a district's centre), or the homes in
 * the place's band of latitudes (later pages), or the rows a location text matches in the page's
 * order, with no database round trip: the rules, the orders and the cursors are those of the SQL
 * search (carer-search.repository.ts), and tests/api/carers-search-index.test.ts holds the two to
 * the same pages (tests/unit/carers-search-index-walks.test.ts: the same against the reference
 * search, across changes).
 *
 * The fields a search tests are kept in typed arrays by slot (one slot a profile) rather than in
 * an object a profile: a walk then reads a few compact arrays instead of chasing 100,000 objects
 * across the heap, about ten times faster. It answers only while it hears the change notices:
 * before its first read, and whenever its LISTEN connection drops, the SQL search answers instead.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search (decision 0025); null when SEARCH_INDEX is off. */
    carerSearchIndex: CarerSearchIndex | null;
  }
}

type Key = string | number;
type WalkOrder = 'best' | 'rating' | 'price';
const WALK_ORDERS: readonly WalkOrder[] = ['best', 'rating', 'price'];

/** A candidate for a page: its slot, its location fit (best order with a location) and its distance key. */
interface Candidate {
  slot: number;
  fit: number;
  chord: number;
}

/**
 * Distance keys closer than this (metres) are the same distance, ordered by id. PostgreSQL's sin
 * and cos and JavaScript's may differ in the last bit, which the subtraction of two points ~6,000
 * km from the earth's centre turns into ~1e-10 m: a cursor made by one search must page the same
 * in the other, and homes a micrometre apart are at one place.
 */
const SAME_DISTANCE_M = 1e-6;

/** Strings many profiles share ('Elderly Care', 'Leeds, West Yorkshire', '17.50') are kept once. */
class Interner {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly string[]>();
  text<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known as T;
    this.strings.set(value, value);
    return value;
  }
  list(values: readonly string[]): readonly string[] {
    const key = values.join('\u0000');
    let known = this.lists.get(key);
    if (!known) this.lists.set(key, (known = Object.freeze(values.map((value) => this.text(value)))));
    return known;
  }
}

/** Small codes for the values a filter compares (specializations, availability tags). */
class Codes {
  private readonly codes = new Map<string, number>();
  of(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) this.codes.set(value, (code = this.codes.size));
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  get size(): number {
    return this.codes.size;
  }
  entries(): IterableIterator<[string, number]> {
    return this.codes.entries();
  }
}

/** The first index in [0, length) at which `before(index)` is false (binary search). */
function firstNotBefore(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A few changed rows are moved within the sorted lists; more than this, and they are sorted again. */
const REBUILD_FROM_CHANGES = 2_000;
/** Slot 0 holds a cursor's keys while a search compares rows with it. */
const CURSOR_SLOT = 0;

type Column = Float64Array | Int32Array;

/** The columns a search's filters test, by slot or by a list's position. */
interface FilterColumns {
  listedUntil: Float64Array;
  specialization: Int32Array;
  tagBits: Int32Array;
  weekSlots: Int32Array;
  rateMin: Float64Array;
  rateMax: Float64Array;
}

/** The columns every list keeps a copy of, in its own order. */
const MIRRORED = [
  'listedUntil',
  'specialization',
  'tagBits',
  'weekSlots',
  'rateMin',
  'rateMax',
  'x',
  'y',
  'z',
  'travelChord',
  'travelMetres',
  'locationCode',
  'districtCode',
  'band',
  'longitude',
  'point',
] as const;

/** A list's copies of the columns (a class, so that every list's copies have one shape: fast property reads). */
class Mirror implements FilterColumns {
  listedUntil = new Float64Array(0);
  specialization = new Int32Array(0);
  tagBits = new Int32Array(0);
  weekSlots = new Int32Array(0);
  rateMin = new Float64Array(0);
  rateMax = new Float64Array(0);
  x = new Float64Array(0);
  y = new Float64Array(0);
  z = new Float64Array(0);
  travelChord = new Float64Array(0);
  travelMetres = new Float64Array(0);
  locationCode = new Int32Array(0);
  districtCode = new Int32Array(0);
  band = new Int32Array(0);
  longitude = new Float64Array(0);
  point = new Int32Array(0);
}
type Columns = Pick<Mirror, (typeof MIRRORED)[number]>;

/**
 * Slots in one order, with copies of the columns in the same order: a walk then reads memory in
 * sequence instead of jumping to each slot (a cache miss a row at 100,000 carers).
 */
class SlotList {
  slots = new Int32Array(0);
  length = 0;
  readonly at = new Mirror();

  constructor(
    private readonly source: Columns,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  private mirrors(): [Column, Column][] {
    const at = this.at as unknown as Record<string, Column>;
    const source = this.source as unknown as Record<string, Column>;
    return MIRRORED.map((name) => [at[name]!, source[name]!]);
  }

  resize(capacity: number) {
    const grown = new Int32Array(capacity);
    grown.set(this.slots.subarray(0, this.length));
    this.slots = grown;
    const at = this.at as unknown as Record<string, Column>;
    for (const name of MIRRORED) {
      const old = at[name]!;
      const copy = new (old.constructor as new (length: number) => Column)(capacity);
      copy.set(old.subarray(0, this.length));
      at[name] = copy;
    }
  }

  /** The list from scratch: `slots`, sorted here. */
  fill(slots: Int32Array) {
    slots.sort(this.compare);
    this.slots.set(slots);
    this.length = slots.length;
    for (const [mirror, source] of this.mirrors()) {
      for (let index = 0; index < slots.length; index++) mirror[index] = source[slots[index]!]!;
    }
  }

  /** The first position whose slot is not before `slot`. */
  position(slot: number): number {
    return firstNotBefore(this.length, (index) => this.compare(this.slots[index]!, slot) < 0);
  }

  insert(slot: number) {
    const at = this.position(slot);
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    for (const [mirror, source] of this.mirrors()) {
      mirror.copyWithin(at + 1, at, this.length);
      mirror[at] = source[slot]!;
    }
    this.length += 1;
  }

  cut(slot: number) {
    const at = this.position(slot);
    if (at >= this.length || this.slots[at] !== slot) return;
    this.slots.copyWithin(at, at + 1, this.length);
    for (const [mirror] of this.mirrors()) mirror.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }
}

/**
 * The homes at one point with copies of the columns a search near a place tests: the point's
 * distance is worked out once, and only each carer's travel and filters row by row. One run a
 * travel tier, the farthest tier first (a search stops at the first tier that does not reach the
 * place), each run by id (nearest first stops a run at its first home after the page's last).
 */
class PointList implements FilterColumns {
  readonly length: number;
  /** Where each run ends: runEnds[r] for tier TRAVEL_TIERS_MILES.length - 1 - r. */
  runEnds = new Int32Array(TRAVEL_TIERS_MILES.length);
  readonly listedUntil: Float64Array;
  readonly specialization: Int32Array;
  readonly tagBits: Int32Array;
  readonly weekSlots: Int32Array;
  readonly rateMin: Float64Array;
  readonly rateMax: Float64Array;
  readonly travelChord: Float64Array;
  readonly travelMetres: Float64Array;
  readonly locationCode: Int32Array;
  readonly districtCode: Int32Array;

  constructor(
    readonly slots: Int32Array,
    source: Columns,
  ) {
    const length = (this.length = slots.length);
    this.listedUntil = new Float64Array(length);
    this.specialization = new Int32Array(length);
    this.tagBits = new Int32Array(length);
    this.weekSlots = new Int32Array(length);
    this.rateMin = new Float64Array(length);
    this.rateMax = new Float64Array(length);
    this.travelChord = new Float64Array(length);
    this.travelMetres = new Float64Array(length);
    this.locationCode = new Int32Array(length);
    this.districtCode = new Int32Array(length);
    for (let at = 0; at < length; at++) {
      const slot = slots[at]!;
      this.listedUntil[at] = source.listedUntil[slot]!;
      this.specialization[at] = source.specialization[slot]!;
      this.tagBits[at] = source.tagBits[slot]!;
      this.weekSlots[at] = source.weekSlots[slot]!;
      this.rateMin[at] = source.rateMin[slot]!;
      this.rateMax[at] = source.rateMax[slot]!;
      this.travelChord[at] = source.travelChord[slot]!;
      this.travelMetres[at] = source.travelMetres[slot]!;
      this.locationCode[at] = source.locationCode[slot]!;
      this.districtCode[at] = source.districtCode[slot]!;
    }
  }
}

/**
 * The rows a location text matches (the locations containing it, and its postcode district), in
 * one order, with copies of the filter columns in that order: a text's search is then one walk
 * in sequence, its page the first rows that pass and its count how many pass.
 */
class TextList implements FilterColumns {
  readonly length: number;
  /** What it matches: locations containing `text` (null: none, the district's rows alone) and `district`'s rows. */
  text: string | null = null;
  district: string | undefined;
  /** 1: the row's town or district is the text (the best order's exact matches, first). */
  readonly fit: Uint8Array;
  readonly listedUntil: Float64Array;
  readonly specialization: Int32Array;
  readonly tagBits: Int32Array;
  readonly weekSlots: Int32Array;
  readonly rateMin: Float64Array;
  readonly rateMax: Float64Array;

  constructor(
    readonly slots: Int32Array,
    fitOf: (slot: number) => number,
    source: FilterColumns,
  ) {
    const length = (this.length = slots.length);
    this.fit = new Uint8Array(length);
    this.listedUntil = new Float64Array(length);
    this.specialization = new Int32Array(length);
    this.tagBits = new Int32Array(length);
    this.weekSlots = new Int32Array(length);
    this.rateMin = new Float64Array(length);
    this.rateMax = new Float64Array(length);
    for (let at = 0; at < length; at++) {
      const slot = slots[at]!;
      this.fit[at] = fitOf(slot);
      this.listedUntil[at] = source.listedUntil[slot]!;
      this.specialization[at] = source.specialization[slot]!;
      this.tagBits[at] = source.tagBits[slot]!;
      this.weekSlots[at] = source.weekSlots[slot]!;
      this.rateMin[at] = source.rateMin[slot]!;
      this.rateMax[at] = source.rateMax[slot]!;
    }
  }
}
/** A text's rows up to this many are sorted; more are taken in order from the order's list. */
const SORTED_TEXT_ROWS = 3_000;
/** Texts' lists kept at most (rows in all, ~40 bytes a row): past either, all are dropped and made again as asked. The random stream at 100,000 carers holds ~1,800 lists of ~955,000 rows (~39 MB) after 20,000 searches. */
const TEXT_LISTS_KEPT = 5_000;
const TEXT_LIST_ROWS_KEPT = 2_000_000;

/** Homes are listed by band of latitude (this many degrees), then by longitude. */
const BAND_DEGREES = 0.1;
/** Nearest first looks in boxes of these radii (miles) around the place until one holds the page. */
const RING_MILES = [1, 3, 10, 25, 50] as const;
/** Near a place, in the best, rating or price order: rows of the order walked before the homes in the circle are. */
const WALK_ROWS = 2_000;

/** The box of latitudes and longitudes holding every point within `metres` of `place`. */
function boxAround(place: SearchOrigin, metres: number) {
  const span = (metres / EARTH_RADIUS_M) * (180 / Math.PI) + 1e-6;
  const south = place.latitude - span;
  const north = place.latitude + span;
  // A degree of longitude shrinks with the cosine of the latitude: take the box's widest reach
  // (all longitudes near a pole, or where the span would cross the antimeridian).
  const nearestPole = Math.min(90, Math.max(Math.abs(south), Math.abs(north)));
  const lonSpan = nearestPole >= 89 ? Infinity : span / Math.cos((nearestPole * Math.PI) / 180);
  let west = place.longitude - lonSpan;
  let east = place.longitude + lonSpan;
  if (west < -180 || east > 180) [west, east] = [-Infinity, Infinity];
  return {
    south,
    north,
    west,
    east,
    firstBand: Math.floor(south / BAND_DEGREES),
    lastBand: Math.floor(north / BAND_DEGREES),
  };
}

/** The travel tiers' farthest distances, in miles; the last holds the rest (and the unsaid). */
const TRAVEL_TIERS_MILES = [5, 10, 25, Infinity] as const;

/** Every profile's search fields, by slot, and the lists that order them. */
export class SearchColumns {
  private capacity = 0;
  private readonly free: number[] = [];
  private nextSlot = 1;
  readonly slotOf = new Map<string, number>();
  private readonly interner = new Interner();
  readonly specializations = new Codes();
  readonly tags = new Codes();
  /** lower(location)s and postcode districts, as codes a walk can test without string work. */
  readonly locationCodes = new Codes();
  readonly districtCodes = new Codes();

  // By slot. `listedUntil` is -Infinity for an inactive profile (never listed).
  rows: (CarerSearchRow | undefined)[] = [];
  ids: string[] = [];
  locations: string[] = [];
  towns: string[] = [];
  districts: (string | null)[] = [];
  listedUntil = new Float64Array(0);
  specialization = new Int32Array(0);
  tagBits = new Int32Array(0);
  /** Tags past the 31st distinct one have no bit: such a profile is tested on its row. */
  unusualTags = new Uint8Array(0);
  weekSlots = new Int32Array(0);
  rateMin = new Float64Array(0);
  rateMax = new Float64Array(0);
  rating = new Float64Array(0);
  reviewCount = new Int32Array(0);
  rank = new Float64Array(0);
  latitude = new Float64Array(0);
  x = new Float64Array(0);
  y = new Float64Array(0);
  z = new Float64Array(0);
  /** The chord of the carer's travel distance (Infinity when unsaid), to reject most rows without asin. */
  travelChord = new Float64Array(0);
  travelMetres = new Float64Array(0);

  longitude = new Float64Array(0);
  band = new Int32Array(0);
  locationCode = new Int32Array(0);
  /** -1: no district. */
  districtCode = new Int32Array(0);
  /** The code of the home's point (-1: no home); many homes share one (decision 0032). */
  point = new Int32Array(0);
  readonly pointCodes = new Codes();
  /** Each point's place on the earth (earthPoint), by code. */
  readonly pointX: number[] = [];
  readonly pointY: number[] = [];
  readonly pointZ: number[] = [];
  /** The slots at each point, and their PointList, made as searches ask and dropped as they change. */
  private readonly pointHomes: Set<number>[] = [];
  private readonly pointLists: (PointList | undefined)[] = [];
  /** A search's working arrays by point (one search at a time). */
  private scratch = { inCircle: new Uint8Array(0), chord: new Float64Array(0), metres: new Float64Array(0) };

  /** Slots in each walk order. */
  readonly sorted: Record<WalkOrder, SlotList>;
  /**
   * Profiles with a home, by band of latitude then longitude, one list per travel tier: a carer
   * who travels 10 miles is only looked for within 10 miles of the place, however wide the search.
   */
  readonly placed: SlotList[];
  /** Slots by lower(location) and by upper(postcode district). */
  readonly byLocation = new Map<string, Set<number>>();
  readonly byDistrict = new Map<string, Set<number>>();

  /** Texts' matching rows by order (TextList), made as searches ask; dropped at every change. */
  private readonly textLists = new Map<string, TextList>();
  private textListRows = 0;
  /** Which location codes contain a text (1 by code), as searches ask; dropped at every change. */
  private readonly textCodes = new Map<string, Uint8Array>();

  readonly orders: Record<WalkOrder, (a: number, b: number) => number> = {
    best: (a, b) => this.rank[b]! - this.rank[a]! || this.byId(a, b),
    rating: (a, b) =>
      this.rating[b]! - this.rating[a]! || this.reviewCount[b]! - this.reviewCount[a]! || this.byId(a, b),
    price: (a, b) => this.rateMin[a]! - this.rateMin[b]! || this.byId(a, b),
  };
  readonly byPlace = (a: number, b: number) =>
    this.band[a]! - this.band[b]! || this.longitude[a]! - this.longitude[b]! || this.byId(a, b);

  constructor(rows: readonly IndexedCarerRow[] = []) {
    this.sorted = {
      best: new SlotList(this, this.orders.best),
      rating: new SlotList(this, this.orders.rating),
      price: new SlotList(this, this.orders.price),
    };
    this.placed = TRAVEL_TIERS_MILES.map(() => new SlotList(this, this.byPlace));
    this.grow(rows.length + 1);
    for (const row of rows) this.write(this.takeSlot(row.id), row);
    this.sortAll();
  }

  get size(): number {
    return this.slotOf.size;
  }

  byId(a: number, b: number): number {
    const x = this.ids[a]!;
    const y = this.ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  apply(rows: readonly IndexedCarerRow[], removedIds: readonly string[]) {
    if (rows.length + removedIds.length > REBUILD_FROM_CHANGES) {
      this.textLists.clear();
      this.textListRows = 0;
      for (const id of removedIds) this.release(id);
      for (const row of rows) this.write(this.slotOf.get(row.id) ?? this.takeSlot(row.id), row);
      this.sortAll();
      return;
    }
    // The locations and districts of the changed rows, before and after: only texts' lists that
    // hold one of those rows change.
    const locations: string[] = [];
    const districts: (string | null)[] = [];
    const touched = (slot: number) => {
      locations.push(this.locations[slot]!);
      districts.push(this.districts[slot]!);
    };
    for (const id of removedIds) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      touched(slot);
      this.unlist(slot);
      this.release(id);
    }
    for (const row of rows) {
      const known = this.slotOf.get(row.id);
      if (known !== undefined) {
        touched(known);
        this.unlist(known);
      }
      const slot = known ?? this.takeSlot(row.id);
      this.write(slot, row);
      this.list(slot);
      touched(slot);
    }
    for (const [key, list] of this.textLists) {
      const { text, district } = list;
      const holds =
        (district !== undefined && districts.includes(district)) ||
        (text !== null && locations.some((location) => location.includes(text)));
      if (!holds) continue;
      this.textLists.delete(key);
      this.textListRows -= list.length;
    }
  }

  /** The homes at point `code`, by id. */
  homesAt(code: number): PointList {
    let list = this.pointLists[code];
    if (list === undefined) {
      const tiers = new Map<number, number>();
      for (const slot of this.pointHomes[code] ?? []) tiers.set(slot, this.tierOf(slot));
      const slots = Int32Array.from(tiers.keys()).sort(
        (a, b) => tiers.get(b)! - tiers.get(a)! || this.byId(a, b),
      );
      list = new PointList(slots, this);
      const last = TRAVEL_TIERS_MILES.length - 1;
      let at = 0;
      for (let run = 0; run <= last; run++) {
        while (at < slots.length && tiers.get(slots[at]!) === last - run) at++;
        list.runEnds[run] = at;
      }
      this.pointLists[code] = list;
    }
    return list;
  }

  /** Working arrays with a place for every point. */
  pointScratch() {
    const size = this.pointCodes.size;
    if (this.scratch.inCircle.length < size) {
      this.scratch = {
        inCircle: new Uint8Array(size),
        chord: new Float64Array(size),
        metres: new Float64Array(size),
      };
    }
    return this.scratch;
  }

  /** 1 by location code where the lower(location) contains `text` (lower case). */
  codesContaining(text: string): Uint8Array {
    let codes = this.textCodes.get(text);
    // A location first seen since (a new code) may contain it too.
    if (codes === undefined || codes.length !== this.locationCodes.size) {
      codes = new Uint8Array(this.locationCodes.size);
      let any = false;
      for (const [location, code] of this.locationCodes.entries()) {
        if (!location.includes(text)) continue;
        codes[code] = 1;
        any = true;
      }
      // Only texts that some location contains are kept: full postcodes, each new, are not.
      if (any) {
        if (this.textCodes.size >= TEXT_LISTS_KEPT) this.textCodes.clear();
        this.textCodes.set(text, codes);
      }
    }
    return codes;
  }

  /**
   * The rows `text` (lower case) matches, in `sort` order: every location containing it and the
   * rows of `district`; with `withFit`, the exact matches (the town or the district) first.
   */
  textList(text: string, district: string | undefined, sort: WalkOrder, withFit: boolean): TextList {
    // A text no location contains (a full postcode, a bare district) matches its district's rows
    // alone, whatever the text: those share one list, so a stream of postcodes makes no new ones.
    const mentioned = this.codesContaining(text).includes(1);
    const key = `${withFit ? 'fit ' : ''}${sort}\u0000${district ?? ''}\u0000${mentioned ? text : ''}`;
    let list = this.textLists.get(key);
    if (list !== undefined) return list;
    const found: number[] = [];
    for (const [location, slots] of this.byLocation) {
      if (location.includes(text)) for (const slot of slots) found.push(slot);
    }
    if (district !== undefined) {
      for (const slot of this.byDistrict.get(district) ?? []) {
        if (!this.locations[slot]!.includes(text)) found.push(slot);
      }
    }
    const { towns, districts } = this;
    const fitOf = (slot: number) =>
      withFit && (towns[slot] === text || (district !== undefined && districts[slot] === district)) ? 1 : 0;
    let slots: Int32Array;
    if (found.length <= SORTED_TEXT_ROWS) {
      const order = this.orders[sort];
      slots = Int32Array.from(found).sort(withFit ? (a, b) => fitOf(b) - fitOf(a) || order(a, b) : order);
    } else {
      // Many rows ('shire'): taken from the order's list, already sorted, rather than sorted again
      // (tens of milliseconds for tens of thousands of rows); the exact matches first.
      const member = new Uint8Array(this.listedUntil.length);
      for (const slot of found) member[slot] = 1;
      const ordered = this.sorted[sort];
      slots = new Int32Array(found.length);
      let next = 0;
      for (const fit of withFit ? [1, 0] : [0]) {
        for (let at = 0; at < ordered.length; at++) {
          const slot = ordered.slots[at]!;
          if (member[slot] === 1 && (!withFit || fitOf(slot) === fit)) slots[next++] = slot;
        }
      }
    }
    list = new TextList(slots, fitOf, this);
    list.text = mentioned ? text : null;
    list.district = district;
    if (this.textLists.size >= TEXT_LISTS_KEPT || this.textListRows + slots.length > TEXT_LIST_ROWS_KEPT) {
      this.textLists.clear();
      this.textListRows = 0;
    }
    this.textLists.set(key, list);
    this.textListRows += slots.length;
    return list;
  }

  /** Writes the cursor's keys into the cursor slot. */
  setCursor(sort: CarerSort, keys: Key[]) {
    const s = CURSOR_SLOT;
    this.rank[s] = 0;
    this.rating[s] = 0;
    this.reviewCount[s] = 0;
    this.rateMin[s] = 0;
    if (sort === 'best') [this.rank[s], this.ids[s]] = [keys[0] as number, keys[1] as string];
    if (sort === 'rating')
      [this.rating[s], this.reviewCount[s], this.ids[s]] = [
        Number(keys[0]),
        keys[1] as number,
        keys[2] as string,
      ];
    if (sort === 'price') [this.rateMin[s], this.ids[s]] = [Number(keys[0]), keys[1] as string];
    if (sort === 'distance') this.ids[s] = keys[1] as string;
  }

  private takeSlot(id: string): number {
    const slot = this.free.pop() ?? this.nextSlot++;
    if (slot >= this.capacity) this.grow(Math.ceil(slot * 1.5) + 16);
    this.slotOf.set(id, slot);
    return slot;
  }

  private release(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.rows[slot] = undefined;
    this.free.push(slot);
  }

  private grow(capacity: number) {
    const copy = <T extends Float64Array | Int32Array | Uint8Array>(from: T, fill?: number): T => {
      const to = new (from.constructor as new (length: number) => T)(capacity);
      to.set(from);
      if (fill !== undefined) to.fill(fill, from.length);
      return to;
    };
    this.listedUntil = copy(this.listedUntil, -Infinity);
    this.specialization = copy(this.specialization);
    this.tagBits = copy(this.tagBits);
    this.unusualTags = copy(this.unusualTags);
    this.weekSlots = copy(this.weekSlots);
    this.rateMin = copy(this.rateMin);
    this.rateMax = copy(this.rateMax);
    this.rating = copy(this.rating);
    this.reviewCount = copy(this.reviewCount);
    this.rank = copy(this.rank);
    this.latitude = copy(this.latitude, NaN);
    this.x = copy(this.x);
    this.y = copy(this.y);
    this.z = copy(this.z);
    this.travelChord = copy(this.travelChord);
    this.travelMetres = copy(this.travelMetres);
    this.longitude = copy(this.longitude, NaN);
    this.locationCode = copy(this.locationCode);
    this.districtCode = copy(this.districtCode, -1);
    this.band = copy(this.band);
    this.point = copy(this.point, -1);
    for (const order of WALK_ORDERS) this.sorted[order].resize(capacity);
    for (const tier of this.placed) tier.resize(capacity);
    this.capacity = capacity;
  }

  private write(slot: number, row: IndexedCarerRow) {
    const intern = this.interner;
    const { homeLatitude, homeLongitude, listedUntil: _listedUntil, ...answer } = row;
    const kept: CarerSearchRow = Object.freeze({
      ...answer,
      firstName: intern.text(row.firstName),
      lastName: intern.text(row.lastName),
      specialization: intern.text(row.specialization),
      experience: intern.text(row.experience),
      location: intern.text(row.location),
      hourlyRateMin: intern.text(row.hourlyRateMin),
      hourlyRateMax: intern.text(row.hourlyRateMax),
      qualifications: intern.list(row.qualifications) as string[],
      availability: intern.list(row.availability) as string[],
      postcodeDistrict: intern.text(row.postcodeDistrict),
      rating: intern.text(row.rating),
    });
    this.rows[slot] = kept;
    this.ids[slot] = row.id;
    this.locations[slot] = intern.text(row.location.toLowerCase());
    this.towns[slot] = intern.text(row.location.split(',')[0]!.trim().toLowerCase());
    this.districts[slot] = intern.text(row.postcodeDistrict?.toUpperCase() ?? null);
    this.locationCode[slot] = this.locationCodes.of(this.locations[slot]!);
    this.districtCode[slot] =
      this.districts[slot] === null ? -1 : this.districtCodes.of(this.districts[slot]!);
    this.listedUntil[slot] = listedUntilMs(row);
    this.specialization[slot] = this.specializations.of(row.specialization);
    let bits = 0;
    let unusual = 0;
    for (const tag of row.availability) {
      const code = this.tags.of(tag);
      if (code < 31) bits |= 1 << code;
      else unusual = 1;
    }
    this.tagBits[slot] = bits;
    this.unusualTags[slot] = unusual;
    this.weekSlots[slot] = row.availabilitySlots;
    this.rateMin[slot] = Number(row.hourlyRateMin);
    this.rateMax[slot] = Number(row.hourlyRateMax);
    this.rating[slot] = Number(row.rating);
    this.reviewCount[slot] = row.reviewCount;
    this.rank[slot] = row.rankScore;
    const placed = homeLatitude !== null && homeLongitude !== null;
    const [x, y, z] = placed ? earthPoint(homeLatitude, homeLongitude) : [NaN, NaN, NaN];
    this.latitude[slot] = placed ? homeLatitude : NaN;
    this.longitude[slot] = placed ? homeLongitude : NaN;
    this.band[slot] = placed ? Math.floor(homeLatitude / BAND_DEGREES) : 0;
    this.x[slot] = x;
    this.y[slot] = y;
    this.z[slot] = z;
    const point = placed ? this.pointCodes.of(`${homeLatitude},${homeLongitude}`) : -1;
    if (point === this.pointX.length) {
      this.pointX.push(x);
      this.pointY.push(y);
      this.pointZ.push(z);
    }
    this.point[slot] = point;
    const travel = row.travelMiles === null ? Infinity : row.travelMiles * METRES_PER_MILE;
    this.travelMetres[slot] = travel;
    this.travelChord[slot] = travel === Infinity ? Infinity : chordOf(travel);
  }

  private sortAll() {
    const slots = Int32Array.from(this.slotOf.values());
    for (const order of WALK_ORDERS) this.sorted[order].fill(slots.slice());
    this.placed.forEach((tier, index) =>
      tier.fill(slots.filter((slot) => !Number.isNaN(this.latitude[slot]!) && this.tierOf(slot) === index)),
    );
    this.byLocation.clear();
    this.byDistrict.clear();
    this.pointHomes.length = 0;
    this.pointLists.length = 0;
    for (const slot of slots) this.addToMaps(slot);
    // Made now, with the lists, rather than by the first searches near each place.
    for (let point = 0; point < this.pointHomes.length; point++) this.homesAt(point);
  }

  /** Puts a written slot into every list. */
  private list(slot: number) {
    for (const order of WALK_ORDERS) this.sorted[order].insert(slot);
    if (!Number.isNaN(this.latitude[slot]!)) this.placed[this.tierOf(slot)]!.insert(slot);
    this.addToMaps(slot);
  }

  /** Takes a slot out of every list (before it is rewritten or released). */
  private unlist(slot: number) {
    for (const order of WALK_ORDERS) this.sorted[order].cut(slot);
    if (!Number.isNaN(this.latitude[slot]!)) this.placed[this.tierOf(slot)]!.cut(slot);
    this.byLocation.get(this.locations[slot]!)?.delete(slot);
    const district = this.districts[slot];
    if (district) this.byDistrict.get(district)?.delete(slot);
    const point = this.point[slot]!;
    if (point >= 0) {
      this.pointHomes[point]?.delete(slot);
      this.pointLists[point] = undefined;
    }
  }

  /** The travel tier of a slot's carer (TRAVEL_TIERS_MILES). */
  private tierOf(slot: number): number {
    const miles = this.travelMetres[slot]! / METRES_PER_MILE;
    const tier = TRAVEL_TIERS_MILES.findIndex((most) => miles <= most + 1e-9);
    return tier === -1 ? TRAVEL_TIERS_MILES.length - 1 : tier;
  }

  private addToMaps(slot: number) {
    const into = (map: Map<string, Set<number>>, key: string) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(slot);
    };
    into(this.byLocation, this.locations[slot]!);
    const district = this.districts[slot];
    if (district) into(this.byDistrict, district);
    const point = this.point[slot]!;
    if (point >= 0) {
      (this.pointHomes[point] ??= new Set()).add(slot);
      this.pointLists[point] = undefined;
    }
  }
}

/** The `limit` first candidates in `compare` order among those offered (kept sorted as they come). */
class FirstInOrder {
  readonly items: Candidate[] = [];
  constructor(
    private readonly limit: number,
    private readonly compare: (a: Candidate, b: Candidate) => number,
  ) {}

  get full(): boolean {
    return this.items.length >= this.limit;
  }

  offer(candidate: Candidate) {
    const { items, limit, compare } = this;
    if (items.length >= limit && compare(candidate, items[limit - 1]!) >= 0) return;
    const at = firstNotBefore(items.length, (index) => compare(items[index]!, candidate) < 0);
    items.splice(at, 0, { ...candidate });
    if (items.length > limit) items.pop();
  }
}

/** An in-memory search, the same pages as the SQL search for the same rows. */
/** A count made up to SEARCH_TOTAL_CAP + 1, as the answer says it. */
const totalOf = (count: number): SearchTotal => ({
  count: Math.min(count, SEARCH_TOTAL_CAP),
  more: count > SEARCH_TOTAL_CAP,
});

export function searchColumns(
  columns: SearchColumns,
  query: CarerSearchQuery,
  near: SearchOrigin | undefined,
  nowMs: number,
): CarerSearchAnswer {
  const { sort } = query;
  const withFit = sort === 'best' && query.location !== undefined && !near;
  const byId = (a: Candidate, b: Candidate) => columns.byId(a.slot, b.slot);
  const compare: (a: Candidate, b: Candidate) => number =
    sort === 'distance'
      ? (a, b) => {
          const apart = a.chord - b.chord;
          return Math.abs(apart) <= SAME_DISTANCE_M ? byId(a, b) : apart;
        }
      : withFit
        ? (a, b) => b.fit - a.fit || columns.orders[sort](a.slot, b.slot)
        : (a, b) => columns.orders[sort](a.slot, b.slot);

  let after: Candidate | undefined;
  if (query.cursor) {
    const keys = decodeCursor(query.cursor, withFit ? 'best-near' : sort).keys;
    columns.setCursor(sort, withFit ? keys.slice(1) : keys);
    after = {
      slot: CURSOR_SLOT,
      fit: withFit ? (keys[0] as number) : 0,
      chord: sort === 'distance' ? (keys[0] as number) : 0,
    };
  }

  const limit = query.limit + 1;
  const weekMask =
    query.day !== undefined || query.partOfDay !== undefined
      ? slotMask(slotsWanted(query.day, query.partOfDay))
      : 0;
  // A value no profile has matches nothing (code -1).
  const careType = query.careType === undefined ? -2 : (columns.specializations.find(query.careType) ?? -1);
  const tag = query.availability;
  const tagCode = tag === undefined ? -2 : (columns.tags.find(tag) ?? -1);
  const tagBit = tagCode >= 0 && tagCode < 31 ? 1 << tagCode : 0;
  const minRate = query.minRate ?? -Infinity;
  const maxRate = query.maxRate ?? Infinity;
  /** The filters, on columns by slot or a list's copies by position (`index`); `slot` for the rare rest. */
  const passesIn = (c: FilterColumns) => {
    const { listedUntil, specialization, tagBits, weekSlots, rateMin, rateMax } = c;
    return (index: number, slot: number) =>
      listedUntil[index]! > nowMs &&
      (careType === -2 || specialization[index] === careType) &&
      (tagCode === -2 ||
        (tagBit !== 0 && (tagBits[index]! & tagBit) !== 0) ||
        (tagBit === 0 &&
          tagCode !== -1 &&
          columns.unusualTags[slot] === 1 &&
          columns.rows[slot]!.availability.includes(tag!))) &&
      rateMax[index]! >= minRate &&
      rateMin[index]! <= maxRate &&
      (weekMask === 0 || (weekSlots[index]! & weekMask) !== 0);
  };
  /** The same filters on a point's homes, without a closure for each point a search visits. */
  const passesOn = (c: PointList, index: number, slot: number) =>
    c.listedUntil[index]! > nowMs &&
    (careType === -2 || c.specialization[index] === careType) &&
    (tagCode === -2 ||
      (tagBit !== 0 && (c.tagBits[index]! & tagBit) !== 0) ||
      (tagBit === 0 &&
        tagCode !== -1 &&
        columns.unusualTags[slot] === 1 &&
        columns.rows[slot]!.availability.includes(tag!))) &&
    c.rateMax[index]! >= minRate &&
    c.rateMin[index]! <= maxRate &&
    (weekMask === 0 || (c.weekSlots[index]! & weekMask) !== 0);

  const text = query.location?.toLowerCase();
  const district = query.location ? postcodeDistrictOf(query.location) : undefined;
  // The location text: which distinct locations contain it, and the district's code (-2: none
  // asked, -3: no profile has it), so a row's test is two array reads.
  const textMatches = text === undefined ? new Uint8Array(0) : columns.codesContaining(text);
  const wantedDistrict = district === undefined ? -2 : (columns.districtCodes.find(district) ?? -3);
  /** The text's test on a list's copies (by position) or on the columns (by slot). */
  const textTestIn = ({
    locationCode,
    districtCode,
  }: {
    locationCode: Int32Array;
    districtCode: Int32Array;
  }) =>
    text === undefined
      ? () => true
      : (at: number) => textMatches[locationCode[at]!] === 1 || districtCode[at] === wantedDistrict;
  const textOn = (c: PointList, at: number) =>
    text === undefined || textMatches[c.locationCode[at]!] === 1 || c.districtCode[at] === wantedDistrict;
  const page = new FirstInOrder(limit, compare);
  /** First pages only: how many carers match in all (counted up to SEARCH_TOTAL_CAP + 1). */
  let total: SearchTotal | null = null;
  const probe: Candidate = { slot: 0, fit: 0, chord: 0 };
  /**
   * A row that comes after the page's last row, once the page is full, cannot make the page:
   * skipped before its filters are tested (most rows of a wide circle or a common text).
   */
  const { rank, rating, reviewCount, rateMin: rateMinBySlot } = columns;
  const cannotMake = (slot: number, chord: number, fit = 0): boolean => {
    if (!page.full) return false;
    const last = page.items[limit - 1]!;
    if (withFit && fit !== last.fit) return fit < last.fit;
    switch (sort) {
      case 'distance': {
        // Ties too (by id, as the page orders them): hundreds of homes share a district's point
        // (decision 0032), and a full page takes few of them.
        const apart = chord - last.chord;
        return Math.abs(apart) <= SAME_DISTANCE_M ? columns.byId(slot, last.slot) >= 0 : apart > 0;
      }
      // The orders' own comparisons (SearchColumns.orders), written out: this runs for every home.
      case 'best':
        return (rank[last.slot]! - rank[slot]! || columns.byId(slot, last.slot)) >= 0;
      case 'rating':
        return (
          (rating[last.slot]! - rating[slot]! ||
            reviewCount[last.slot]! - reviewCount[slot]! ||
            columns.byId(slot, last.slot)) >= 0
        );
      case 'price':
        return (rateMinBySlot[slot]! - rateMinBySlot[last.slot]! || columns.byId(slot, last.slot)) >= 0;
    }
  };
  const consider = (slot: number, fit: number, chord: number) => {
    probe.slot = slot;
    probe.fit = fit;
    probe.chord = chord;
    if (after && compare(probe, after) <= 0) return;
    page.offer(probe);
  };

  if (near) {
    const radius = query.within * METRES_PER_MILE;
    const radiusChord = chordOf(radius) * (1 + 1e-9);
    const [x0, y0, z0] = earthPoint(near.latitude, near.longitude);
    /**
     * The test of one home of `list` (by position): the distance and the carer's own travel
     * distance as earthdistance tests them (the chord first, no asin; the exact great-circle test
     * for the rows it lets through), then the filters and the text; `found` gets each match. With
     * `prune`, a row that cannot make the page is skipped before the costlier tests.
     */
    const homeTestIn = (list: SlotList, found: (slot: number, chord: number) => void, prune = true) => {
      const { x, y, z, travelChord, travelMetres } = list.at;
      const { slots } = list;
      const passesAt = passesIn(list.at);
      const matchesText = textTestIn(list.at);
      // Many homes share one point (a district's centre, decision 0032), and a box lists them one
      // after another, by id: the last point's distance is kept and used again, and once a home
      // there is out of the circle, or (nearest first) cannot make the page, so are the rest.
      const skipRun = prune && sort === 'distance';
      let runOut = false;
      let lastX = NaN;
      let lastY = NaN;
      let lastZ = NaN;
      let lastChord = NaN;
      let lastMetres = NaN;
      return (at: number) => {
        const hx = x[at]!;
        const hy = y[at]!;
        const hz = z[at]!;
        let chord: number;
        if (hx === lastX && hy === lastY && hz === lastZ) {
          if (runOut) return;
          chord = lastChord;
        } else {
          const dx = hx - x0;
          const dy = hy - y0;
          const dz = hz - z0;
          chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
          lastX = hx;
          lastY = hy;
          lastZ = hz;
          lastChord = chord;
          lastMetres = NaN;
          runOut = false;
        }
        // (Written so that NaN, a profile with no home, is out too.)
        if (!(chord <= radiusChord)) {
          runOut = true;
          return;
        }
        if (!(chord <= travelChord[at]! * (1 + 1e-9))) return;
        const slot = slots[at]!;
        if (prune && cannotMake(slot, chord)) {
          // Nearest first: a farther point stays out as the page fills; an equal one's next homes
          // (in a box, the same point's homes come by id) come after this one.
          runOut = skipRun;
          return;
        }
        if (lastMetres !== lastMetres) lastMetres = secToGc(chord);
        const metres = lastMetres;
        if (metres > radius || metres > travelMetres[at]!) return;
        if (!passesAt(at, slot) || !matchesText(at)) return;
        found(slot, chord);
      };
    };
    const offer = (slot: number, chord: number) => consider(slot, 0, chord);

    /**
     * Visits the homes of `list` inside `box` (by band of latitude, then longitude) and not inside
     * `inner` (a smaller box already visited), until `stop` says so.
     */
    const visitBox = (
      list: SlotList,
      box: ReturnType<typeof boxAround>,
      inner: ReturnType<typeof boxAround> | undefined,
      visit: (at: number) => void,
      stop: () => boolean = () => false,
    ) => {
      const { band, longitude } = list.at;
      for (let latitudeBand = box.firstBand; latitudeBand <= box.lastBand && !stop(); latitudeBand++) {
        let at = firstNotBefore(
          list.length,
          (index) =>
            band[index]! < latitudeBand || (band[index] === latitudeBand && longitude[index]! < box.west),
        );
        for (; at < list.length && band[at] === latitudeBand && longitude[at]! <= box.east && !stop(); at++) {
          // Rows of the last box's scan were looked at already.
          if (
            inner &&
            latitudeBand >= inner.firstBand &&
            latitudeBand <= inner.lastBand &&
            longitude[at]! >= inner.west &&
            longitude[at]! <= inner.east
          )
            continue;
          visit(at);
        }
      }
    };

    if (!query.cursor) {
      // A first page, and how many match in all: from the points in the circle, each point's
      // distance worked out once (nearest first: the nearest points first, until the page and
      // the count are settled).
      const { inCircle, chord: pointChord, metres: pointMetres } = columns.pointScratch();
      const { pointX, pointY, pointZ } = columns;
      const inside: number[] = [];
      let homesInside = 0;
      for (let point = 0; point < pointX.length; point++) {
        const dx = pointX[point]! - x0;
        const dy = pointY[point]! - y0;
        const dz = pointZ[point]! - z0;
        const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
        inCircle[point] = 0;
        if (!(chord <= radiusChord)) continue;
        const metres = secToGc(chord);
        if (metres > radius) continue;
        inCircle[point] = 1;
        pointChord[point] = chord;
        pointMetres[point] = metres;
        inside.push(point);
        homesInside += columns.homesAt(point).length;
      }
      if (sort === 'distance') inside.sort((a, b) => pointChord[a]! - pointChord[b]!);

      const enough = SEARCH_TOTAL_CAP + 1;
      let count = 0;
      let homesSeen = 0;
      /** Offers the homes of the points inside[from..], counting them while `counting`; stops when `stop` says so. */
      const scan = (from: number, counting: boolean, stop: () => boolean): number => {
        for (let next = from; next < inside.length; next++) {
          const point = inside[next]!;
          const chord = pointChord[point]!;
          const metres = pointMetres[point]!;
          if (
            sort === 'distance' &&
            !counting &&
            page.full &&
            chord - page.items[limit - 1]!.chord > SAME_DISTANCE_M
          )
            return inside.length;
          const list = columns.homesAt(point);
          const { slots, travelChord, travelMetres, runEnds } = list;
          const miles = metres / METRES_PER_MILE;
          for (let run = 0, at = 0; run < runEnds.length; at = runEnds[run++]!) {
            // A tier's carers travel at most its distance (tierOf): none of this tier or the
            // nearer ones travel this far.
            if (miles > TRAVEL_TIERS_MILES[runEnds.length - 1 - run]! + 1e-9) break;
            for (const end = runEnds[run]!; at < end; at++) {
              if (!(chord <= travelChord[at]! * (1 + 1e-9)) || metres > travelMetres[at]!) continue;
              const slot = slots[at]!;
              if (!counting && cannotMake(slot, chord)) {
                // Nearest first: the run's next homes, at the same distance, come after it by id.
                if (sort === 'distance') break;
                continue;
              }
              if (!passesOn(list, at, slot) || !textOn(list, at)) continue;
              if (counting && ++count >= enough) counting = false;
              if (!cannotMake(slot, chord)) consider(slot, 0, chord);
            }
          }
          homesSeen += list.length;
          if (stop()) return next + 1;
        }
        return inside.length;
      };
      // Counting stops at `enough`; nearest first then goes on to its page without counting.
      let from = scan(0, true, () => count >= enough);
      total = totalOf(count);
      if (from < inside.length && sort !== 'distance') {
        // Best, rating or price, more than `enough` in the circle: where the circle's homes pass
        // often enough, the page is among the first rows of the order (WALK_ROWS of them);
        // otherwise it is among every home in the circle.
        const expected = (WALK_ROWS * (count / homesSeen) * homesInside) / Math.max(1, columns.size);
        if (expected >= 2 * limit) {
          page.items.length = 0;
          const list = columns.sorted[sort];
          const { slots } = list;
          const { point: pointAt, travelChord, travelMetres } = list.at;
          const passesAt = passesIn(list.at);
          const matchesText = textTestIn(list.at);
          const end = Math.min(list.length, WALK_ROWS);
          for (let at = 0; at < end && !page.full; at++) {
            const point = pointAt[at]!;
            if (point < 0 || inCircle[point] === 0) continue;
            const chord = pointChord[point]!;
            if (!(chord <= travelChord[at]! * (1 + 1e-9)) || pointMetres[point]! > travelMetres[at]!)
              continue;
            if (passesAt(at, slots[at]!) && matchesText(at)) consider(slots[at]!, 0, chord);
          }
          if (!page.full) page.items.length = 0;
          from = page.full ? inside.length : 0;
        }
      }
      scan(from, false, () => false);
    } else {
      let done = false;
      if (sort !== 'distance') {
        // Best, rating or price: walk the order's list from the cursor, testing each home (most
        // circles hold enough carers for a page within a few hundred rows); a place with too few
        // carers for that is searched through its homes below.
        const list = columns.sorted[sort];
        const orderOf = columns.orders[sort];
        const tryHome = homeTestIn(list, offer);
        const { slots } = list;
        const start = after
          ? firstNotBefore(list.length, (index) => orderOf(slots[index]!, CURSOR_SLOT) <= 0)
          : 0;
        const end = Math.min(list.length, start + WALK_ROWS);
        for (let at = start; at < end && !page.full; at++) tryHome(at);
        done = page.full;
        if (!done) page.items.length = 0;
      }
      if (!done) {
        // The homes in growing boxes around the place (by band of latitude, then longitude, one
        // travel tier at a time), each box's rows once. Nearest first stops at the first box whose
        // circle holds a full page: every home outside the box is farther than its radius.
        let scanned = 0;
        // Only nearest first can stop early: the other orders need every home in the circle.
        for (const ringMiles of sort === 'distance' ? RING_MILES : [Infinity]) {
          const ring = Math.min(radius, ringMiles * METRES_PER_MILE);
          columns.placed.forEach((list, tier) => {
            // A tier's carers travel at most its distance: no need to look farther for them.
            const tierReach = TRAVEL_TIERS_MILES[tier]! * METRES_PER_MILE;
            const reach = Math.min(ring, tierReach);
            const before = Math.min(scanned, tierReach);
            if (reach <= before) return;
            const inner = before > 0 ? boxAround(near, before) : undefined;
            visitBox(list, boxAround(near, reach), inner, homeTestIn(list, offer));
          });
          scanned = ring;
          if (ring >= radius) break;
          if (sort === 'distance' && page.full && page.items[limit - 1]!.chord <= chordOf(ring)) break;
        }
      }
    }
  } else if (text !== undefined) {
    // The rows the text matches, in the page's order: the page is the first that pass after the
    // cursor, and a first page's count how many pass in all.
    const list = columns.textList(text, district, sort as WalkOrder, withFit);
    const passesAt = passesIn(list);
    const { slots, fit } = list;
    const start = after
      ? firstNotBefore(list.length, (index) => {
          probe.slot = slots[index]!;
          probe.fit = fit[index]!;
          probe.chord = 0;
          return compare(probe, after!) <= 0;
        })
      : 0;
    const enough = SEARCH_TOTAL_CAP + 1;
    let count = 0;
    for (let at = start; at < list.length; at++) {
      if (!passesAt(at, slots[at]!)) continue;
      if (!page.full) consider(slots[at]!, fit[at]!, 0);
      if (after) {
        if (page.full) break;
      } else if (++count >= enough) break;
    }
    if (!after) total = totalOf(count);
  } else {
    // No place and no text: walk the order's list from the cursor until the page is full.
    const order: WalkOrder = sort === 'distance' ? 'best' : sort;
    const list = columns.sorted[order];
    const orderOf = columns.orders[order];
    const passesAt = passesIn(list.at);
    const { slots } = list;
    const start = after
      ? firstNotBefore(list.length, (index) => orderOf(slots[index]!, CURSOR_SLOT) <= 0)
      : 0;
    for (let at = start; at < list.length && !page.full; at++) {
      if (passesAt(at, slots[at]!)) consider(slots[at]!, 0, 0);
    }
  }

  if (!near && !query.cursor && text === undefined) {
    // The first page also says how many match in all.
    const enough = SEARCH_TOTAL_CAP + 1;
    let count = 0;
    const list = columns.sorted.best;
    const passesAt = passesIn(list.at);
    const { slots } = list;
    for (let at = 0; at < list.length && count < enough; at++) if (passesAt(at, slots[at]!)) count += 1;
    total = totalOf(count);
  }

  const found = page.items;
  const onPage = found.slice(0, query.limit);
  const rows = onPage.map((candidate) => columns.rows[candidate.slot]!);
  const distancesMetres = near ? onPage.map((candidate) => secToGc(candidate.chord)) : undefined;
  const last = found[query.limit - 1];
  let nextCursor: string | null = null;
  if (found.length > query.limit && last) {
    const row = columns.rows[last.slot]!;
    const keys: Key[] =
      sort === 'best'
        ? [row.rankScore, row.id]
        : sort === 'rating'
          ? [row.rating, row.reviewCount, row.id]
          : sort === 'price'
            ? [row.hourlyRateMin, row.id]
            : [last.chord, row.id];
    nextCursor = encodeCursor({ sort, keys: withFit ? [last.fit, ...keys] : keys });
  }
  return distancesMetres ? { rows, nextCursor, distancesMetres, total } : { rows, nextCursor, total };
}

export interface CarerSearchIndexDeps {
  repository: CarerSearchIndexRepository;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** After each full read, with every row read (slot order; gaps undefined): cards are made ahead. */
  onRead?: (rows: readonly (CarerSearchRow | undefined)[]) => void;
}

/** A notice's payload for a deleted profile (migration 0019). */
const REMOVED = 'carer_profiles REMOVED ';

/**
 * The index's life: `resume` (listening: read everything), `changed` (a notice: read the changes
 * before the next search), `suspend` (notices may be missed: stop answering). `search` answers
 * only when `ready`.
 */
export function createCarerSearchIndex({
  repository,
  now = Date.now,
  onError,
  onRead,
}: CarerSearchIndexDeps) {
  let entries: SearchColumns | undefined;
  let watermark = '';
  /** Bumped by every resume and suspension: a read begun before one counts no more. */
  let epoch = 0;
  /** Bumped by every notice (and resume): reads catch up to it. */
  let generation = 0;
  let readGeneration = -1;
  let reading: Promise<void> | undefined;
  /** The next read reads everything (a TRUNCATE names no rows). */
  let readAllNext = true;
  /** Profiles deleted since the last read began (their notices name them; no row is left to read). */
  let removals = new Set<string>();

  async function read() {
    const started = epoch;
    if (!entries || readAllNext) {
      readAllNext = false;
      // A full read sees no deleted row: the removals heard before it are settled by it.
      removals = new Set();
      try {
        const all = await repository.readAll();
        if (started !== epoch) return;
        entries = new SearchColumns(all.rows);
        watermark = all.watermark;
        onRead?.(entries.rows);
      } catch (error) {
        readAllNext = true;
        throw error;
      }
      return;
    }
    const current = entries;
    const removed = removals;
    removals = new Set();
    try {
      const changes = await repository.readChanges(watermark);
      if (started !== epoch || current !== entries) return;
      current.apply(changes.rows, [...removed]);
      watermark = changes.watermark;
    } catch (error) {
      for (const id of removed) removals.add(id);
      throw error;
    }
  }

  /** Brings the index up to the last notice heard (one read at a time, shared by every caller). */
  async function catchUp(): Promise<void> {
    while (listening && readGeneration < generation) {
      if (!reading) {
        const target = generation;
        reading = read()
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
      epoch += 1;
      entries = undefined;
      readAllNext = true;
      removals = new Set();
      generation += 1;
      catchUp().catch((error: unknown) => onError?.(error));
    },

    /** Notices may be missed from now on: forget everything until the next `resume`. */
    suspend() {
      listening = false;
      epoch += 1;
      entries = undefined;
      generation += 1;
    },

    /** A change notice (or this instance's own write): read the changes before the next search. */
    changed(payload?: string) {
      if (payload?.startsWith(REMOVED)) removals.add(payload.slice(REMOVED.length));
      else if (payload?.endsWith('TRUNCATE')) readAllNext = true;
      generation += 1;
    },

    /**
     * The page, from memory once the changes heard so far are read; undefined when the index
     * cannot answer (not listening, or not read yet): the caller searches the database.
     */
    async search(query: CarerSearchQuery, near?: SearchOrigin): Promise<CarerSearchAnswer | undefined> {
      if (!listening) return undefined;
      try {
        if (!entries) {
          // Not read yet (starting, or the last read failed): read in the background.
          catchUp().catch((error: unknown) => onError?.(error));
          return undefined;
        }
        // (No promise to wait for when every notice heard has been read: the usual case.)
        if (readGeneration < generation) await catchUp();
      } catch (error) {
        onError?.(error);
        return undefined;
      }
      if (!entries || !listening) return undefined;
      answered += 1;
      return searchColumns(entries, query, near, now());
    },

    /** Reads the changes heard so far (or everything, the first time); resolves once done. */
    refresh: () => catchUp(),

    /** How many searches it has answered (tests). */
    get answered(): number {
      return answered;
    },

    /** How many profiles it holds (tests, logs). */
    get size(): number {
      return entries?.size ?? 0;
    },
  };
}
export type CarerSearchIndex = ReturnType<typeof createCarerSearchIndex>;
