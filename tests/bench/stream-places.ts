// The places the random stream draws from: the bench's towns the geocoder knows (so `near` finds
// them) and their postcode districts.
import { findTown } from '../../src/server/platform/geocoder/gazetteer';
import type { StreamPlaces } from './mixes';
import { BENCH_TOWNS } from './uk-towns';

export function streamPlaces(): StreamPlaces {
  return {
    towns: BENCH_TOWNS.filter((town) => findTown(town.town) !== null).map((town) => town.town),
    districts: BENCH_TOWNS.flatMap((town) => town.districts),
  };
}
