// Where an outward code is without asking anyone: its district's centre when curated, else its
// area's town. Both are data in ./data; see docs/decisions/0023-geocoder.md.
import { postcodeAreaOf } from '@contracts/postcodes';
import { POSTCODE_AREA_TOWNS } from './data/postcode-areas';
import { DISTRICT_CENTRES } from './data/postcode-districts';
import { findTown } from './gazetteer';

export interface BuiltInPoint {
  latitude: number;
  longitude: number;
  /** False for a district's own centre, true when its area's town stands in. */
  approximate: boolean;
}

/** 'LS6' → Headingley's centre; 'LS99' → Leeds, approximate; 'QQ1' (no such area) → null. */
export function builtInPointOf(outwardCode: string): BuiltInPoint | null {
  if (Object.hasOwn(DISTRICT_CENTRES, outwardCode)) {
    const [latitude, longitude] = DISTRICT_CENTRES[outwardCode]!;
    return { latitude, longitude, approximate: false };
  }
  const area = postcodeAreaOf(outwardCode);
  const town = Object.hasOwn(POSTCODE_AREA_TOWNS, area) ? findTown(POSTCODE_AREA_TOWNS[area]!) : null;
  return town ? { latitude: town.latitude, longitude: town.longitude, approximate: true } : null;
}
