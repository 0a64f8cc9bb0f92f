// The places the random stream draws from: the bench's towns the geocoder knows (so `near` finds
// them) and their postcode districts.
import { findTown } from '../../src/server/platform/geocoder/gazetteer';
import type { StreamPlaces } from './mixes';
import { BENCH_TOWNS } from './uk-towns';

let places: StreamPlaces | undefined;

/**
 * Worked out once: the load generator calls it for every request it sends, and looking 140 towns
 * up each time cost ~140 µs of the CPU the measured server shares.
 */
export function streamPlaces(): StreamPlaces {
  places ??= {
    towns: BENCH_TOWNS.filter((town) => findTown(town.town) !== null).map((town) => town.town),
    districts: BENCH_TOWNS.flatMap((town) => town.districts),
  };
  return places;
}
