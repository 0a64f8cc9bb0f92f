// Set-based seeding of synthetic carers for the search benchmark: one INSERT … SELECT over
// generate_series per table, so 100,000 carers take seconds, on PostgreSQL and PGlite alike.

import { sql } from 'drizzle-orm';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_LEVELS,
  QUALIFICATIONS,
  SPECIALIZATIONS,
} from '../../src/contracts/options';
import type { Database } from '../../src/server/db/client';
import { carerProfiles } from '../../src/server/db/schema';
import { rankScoreSql } from '../../src/server/features/carers/carer-ranking';
import { builtInPointOf } from '../../src/server/platform/geocoder/built-in-places';
import { findTown } from '../../src/server/platform/geocoder/gazetteer';
import { BENCH_TOWNS, type BenchTown } from './uk-towns';

const FIRST_NAMES = (
  'Amelia Olivia Isla Ava Mia Grace Sophia Lily Emily Freya Ella Poppy Charlotte Evie Jessica Chloe ' +
  'Sarah Claire Joanne Michelle Karen Helen Rachel Nicola Priya Aisha Fatima Zainab Agnieszka Maria ' +
  'Oliver George Harry Jack Jacob Noah Charlie Thomas Oscar William James David Daniel Michael Mohammed ' +
  'Ahmed Kwame Tomasz Liam Connor Rhys Dylan Owen Callum Ewan'
).split(' ');
const LAST_NAMES = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White ' +
  'Roberts Green Hall Wood Jackson Clarke Patel Khan Hughes Edwards Lewis Turner Hill Moore Cooper Ward ' +
  'Morris King Watson Harris Baker Young Allen Mitchell Anderson Campbell Kelly Murphy MacDonald Reid ' +
  'Begum Ali Hussain Shah Okafor Mensah Kowalski Nowak Price Morgan Griffiths Owen Pryce Barker Whitaker'
).split(' ');
const SENTENCES = [
  'I have worked in care for several years and love helping people stay independent at home.',
  'I am calm, patient and reliable, and families tell me I bring a sense of humour to every visit.',
  'I am happy to help with personal care, washing and dressing, always with dignity and respect.',
  'I cook fresh meals from scratch and can follow special diets, including soft and diabetic diets.',
  'I can prompt and administer medication and keep clear records for the family and the GP.',
  'I drive and have my own car, so I can take clients to appointments, the shops or a day out.',
  'Before going independent I spent time as a senior carer in a residential home.',
  'I have supported people living with dementia, Parkinson’s and after a stroke.',
  'I am comfortable with hoists and mobility aids and hold up-to-date manual handling training.',
  'I am a non-smoker and I am happy to work in homes with cats and dogs.',
  'I speak English and Polish, and a little Urdu.',
  'I enjoy companionship visits: a chat over tea, a walk in the park, puzzles and old films.',
  'For children I plan play, homework help and outings, and I keep parents updated through the day.',
  'I have experience with children with additional needs, including autism and ADHD.',
  'I can provide overnight support, waking or sleeping, and I am used to live-in placements.',
  'I offer emergency cover at short notice when a regular carer is away.',
  'I work closely with district nurses, occupational therapists and social workers.',
  'I keep the home tidy, do light housework, laundry and help with shopping lists.',
  'End-of-life care is a privilege: I support the person and the family with gentleness.',
  'I am fully vaccinated and follow infection control guidance carefully.',
  'References from previous families are available on request.',
  'I believe good care is about listening and letting people keep the routines they love.',
  'I am flexible with hours and can usually cover early mornings and weekends.',
  'I am first aid trained and stay calm in an emergency.',
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(quote).join(',')}]::text[]`;

/** `count` slots filled with indexes 1..weights.length in proportion to the weights. */
function weightedSlots(weights: readonly number[], count: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (weight / total) * count);
  const slots = exact.map(Math.floor);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest);
  for (let k = 0; k < count - slots.reduce((a, b) => a + b, 0); k++) slots[byRemainder[k]!.index]! += 1;
  return slots.flatMap((n, index) => Array.from({ length: n }, () => index + 1));
}

const SPECIALIZATION_WEIGHTS: Record<(typeof SPECIALIZATIONS)[number], number> = {
  'Elderly Care': 35,
  Childcare: 15,
  'Disability Support': 12,
  'Companion Care': 15,
  'Dementia Care': 15,
  'Palliative Care': 8,
};
const EXPERIENCE_WEIGHTS = [10, 20, 30, 25, 15];
/** Chance that a carer offers each option, in AVAILABILITY_OPTIONS order. */
const AVAILABILITY_CHANCE = [0.7, 0.45, 0.45, 0.2, 0.12, 0.25];
/** How far carers travel, in miles, drawn uniformly from this list: mostly 5-25, a few 1-3 or 30-50. */
const TRAVEL_MILES = [
  1, 2, 3, 5, 5, 6, 8, 8, 10, 10, 10, 10, 12, 12, 15, 15, 15, 15, 20, 20, 20, 25, 25, 30, 40, 50,
];

const MILES_PER_DEGREE_OF_LATITUDE = 69.05;
const distanceMiles = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) =>
  Math.hypot(
    (a.latitude - b.latitude) * MILES_PER_DEGREE_OF_LATITUDE,
    (a.longitude - b.longitude) * MILES_PER_DEGREE_OF_LATITUDE * Math.cos((a.latitude * Math.PI) / 180),
  );

/**
 * Where a bench town is and where its districts are, from the geocoder's own built-in data. A
 * district is placed where the app keeps its homes without a postcode service (decision 0032): its
 * curated centre, or its area's town when the built-in data only knows the area (possibly far
 * away). The town is the gazetteer's,
 * unless that is another place of the same name far from the town's districts (Bangor), or the
 * gazetteer does not know the name (London boroughs): then the mean of its districts' points
 * (only curated ones when it has some).
 */
export function benchPlaces(town: BenchTown) {
  const districts = town.districts.map((district) => ({ district, point: builtInPointOf(district)! }));
  const curated = districts.filter(({ point }) => !point.approximate);
  const from = curated.length > 0 ? curated : districts;
  const mean = {
    latitude: from.reduce((sum, { point }) => sum + point.latitude, 0) / from.length,
    longitude: from.reduce((sum, { point }) => sum + point.longitude, 0) / from.length,
  };
  const named = findTown(town.town);
  const centre = named && distanceMiles(named, mean) < (curated.length > 0 ? 25 : 60) ? named : mean;
  return {
    centre,
    districts: districts.map(({ district, point }) => ({
      district,
      curated: !point.approximate,
      latitude: point.latitude,
      longitude: point.longitude,
    })),
  };
}

/**
 * Inserts `count` carers (about 95% with an account in `users`), realistic in the ways search
 * cares about: towns weighted by population with counties and real postcode districts, every
 * specialization, experience level, qualification and availability option, rates £12-£35,
 * varied ratings and review counts, ~90% active, ~80% verified. Then stores the ranking score
 * and analyses. Deterministic for a given count (setseed).
 */
export async function seedBenchCarers(db: Database, count: number): Promise<void> {
  const townSlots = weightedSlots(
    BENCH_TOWNS.map((town) => town.population),
    1000,
  );
  const specializationSlots = weightedSlots(
    SPECIALIZATIONS.map((name) => SPECIALIZATION_WEIGHTS[name]),
    100,
  );
  const experienceSlots = weightedSlots(EXPERIENCE_WEIGHTS, 100);
  const towns = BENCH_TOWNS.map((town, index) => {
    const { centre } = benchPlaces(town);
    return `(${index + 1}, ${quote(town.town)}, ${quote(town.county)}, ${textArray(town.districts)}, ${centre.latitude}::float8, ${centre.longitude}::float8)`;
  }).join(',\n');
  const districts = BENCH_TOWNS.flatMap((town, index) =>
    benchPlaces(town).districts.map(
      (place) =>
        `(${index + 1}, ${quote(place.district)}, ${place.latitude}::float8, ${place.longitude}::float8, ${place.curated})`,
    ),
  ).join(',\n');
  // The week's bits (bit = day × 4 + part, src/contracts/availability.ts) and the tag each belongs
  // to: Weekdays (Monday-Friday mornings and afternoons), Weekends, Evenings, Nights.
  const slotGroup = (bit: number) => {
    const day = Math.floor(bit / 4);
    const part = bit % 4;
    return part === 2 ? 'Evenings' : part === 3 ? 'Nights' : day < 5 ? 'Weekdays' : 'Weekends';
  };
  const bits = Array.from({ length: 28 }, (_unused, bit) => `(${bit}, ${quote(slotGroup(bit))})`).join(',');

  const generate = `
    create temp table bench_gen on commit drop as
    with towns(idx, town, county, districts, latitude, longitude) as (values ${towns}),
    districts(town_idx, district, latitude, longitude, curated) as (values ${districts}),
    bits(bit, tag) as (values ${bits}),
    draws as (
      select i,
        (array[${townSlots.join(',')}])[1 + floor(random() * ${townSlots.length})::int] as town_idx,
        random() as r_format, random() as r_district, random() as r_reviews, random() as r_rating,
        random() as r_rate, random() as r_spread, random() as r_photo, random() as r_pick,
        random() as r_home, random() as r_bearing, random() as r_far, random() as r_travel,
        random() as r_grid, random() as r_updated
      from generate_series(1, ${count}) as g(i)
      offset 0
    ),
    carers as (
    select
      d.*,
      md5('bench-carer-' || d.i)::uuid as id,
      case when d.i % 20 <> 0 then md5('bench-user-' || d.i)::uuid end as user_id,
      (${textArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as first_name,
      (${textArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as last_name,
      case when d.r_photo < 0.6 then '/uploads/photos/' || md5('bench-photo-' || d.i)::uuid || '.webp' end
        as photo_url,
      (${textArray(SPECIALIZATIONS)})[(array[${specializationSlots.join(',')}])[1 + floor(random() * 100)::int]]
        as specialization,
      (${textArray(EXPERIENCE_LEVELS)})[(array[${experienceSlots.join(',')}])[1 + floor(random() * 100)::int]]
        as experience,
      case when d.r_format < 0.8 then t.town || ', ' || t.county else t.town end as location,
      case when d.r_district < 0.95
        then t.districts[1 + floor(d.r_pick * cardinality(t.districts))::int] end as postcode_district,
      t.idx as t_idx, t.latitude as town_latitude, t.longitude as town_longitude,
      (12 + floor(d.r_rate * 37) * 0.5)::numeric(7, 2) as hourly_rate_min,
      least(35, 12 + floor(d.r_rate * 37) * 0.5 + floor(d.r_spread * 11) * 0.5)::numeric(7, 2)
        as hourly_rate_max,
      array_to_string(array(
        select s from unnest(${textArray(SENTENCES)}) with ordinality as u(s, k)
        where random() < 0.16 or k = 1 + (d.i % ${SENTENCES.length})
      ), ' ') as description,
      array(
        select q from unnest(${textArray(QUALIFICATIONS)}) with ordinality as u(q, k)
        where random() < 0.3 or k = 1 + (d.i % ${QUALIFICATIONS.length})
      ) as qualifications,
      array(
        select a from unnest(${textArray(AVAILABILITY_OPTIONS)}) with ordinality as u(a, k)
        where random() < (array[${AVAILABILITY_CHANCE.join(',')}])[k] or k = 1 + (d.i % 3)
      ) as availability,
      case when d.r_reviews < 0.25 then 0 else floor(exp(random() * 4.2))::int end as review_count,
      random() < 0.9 as is_active,
      random() < 0.8 as is_verified,
      now() - (random() ^ 2 * 120) * interval '1 day' as last_active_at,
      now() - (120 + random() * 600) * interval '1 day' as created_at
    from draws d join towns t on t.idx = d.town_idx
    offset 0
    ),
    placed as (
    select c.*,
      -- The district's point, as the app keeps every home with a postcode (decision 0032).
      p.latitude as district_latitude, p.longitude as district_longitude
    from carers c
    left join districts p on p.town_idx = c.t_idx and p.district = c.postcode_district
    )
    select c.*,
      -- A full postcode in the carer's district (the inward code: a digit and two letters).
      case when c.postcode_district is not null then c.postcode_district || ' ' || (c.i % 10)::text
        || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (c.i / 10) % 20, 1)
        || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (c.i / 200) % 20, 1) end as home_postcode,
      -- One carer in a hundred has no place (a profile from before distance search, never saved
      -- since); one without a postcode is placed at its town's centre, as the app does.
      case when c.i % 100 = 37 then null
        when c.postcode_district is null then c.town_latitude
        else c.district_latitude end as home_latitude,
      case when c.i % 100 = 37 then null
        when c.postcode_district is null then c.town_longitude
        else c.district_longitude end as home_longitude,
      -- Two carers in a hundred have not said how far they travel (no limit).
      case when c.i % 50 = 11 then null
        else (array[${TRAVEL_MILES.join(',')}])[1 + floor(c.r_travel * ${TRAVEL_MILES.length})::int] end
        as travel_miles,
      -- A week consistent with the tags (availabilityTagsOf gives them back): for each tag of the
      -- four, each of its slots with a chance of 25-95% (the carer's own), and at least one.
      (select coalesce(sum(1 << b.bit), 0)::int from bits b
        where b.tag = any(c.availability)
          and (random() < 0.25 + 0.7 * c.r_grid
            or b.bit = (select min(o.bit) from bits o where o.tag = b.tag)
              + (case b.tag when 'Weekdays' then (c.i % 5) * 4 + (c.i / 5) % 2
                 when 'Weekends' then (c.i % 2) * 4 + (c.i / 2) % 2 else (c.i % 7) * 4 end))
      ) as availability_slots,
      case when c.r_updated < 0.1 then null
        else now() - (c.r_updated ^ 2 * 150) * interval '1 day' end as availability_updated_at
    from placed c`;

  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.4242)`);
    await tx.execute(sql.raw(generate));
    await tx.execute(
      sql.raw(`
        insert into users (id, email, first_name, last_name, role, created_at, updated_at)
        select user_id, 'carer' || i || '@bench.example.com', first_name, last_name, 'carer', created_at, created_at
        from bench_gen where user_id is not null`),
    );
    await tx.execute(
      sql.raw(`
        insert into carer_profiles (
          id, user_id, first_name, last_name, photo_url, specialization, experience, location,
          postcode_district, home_postcode, home_latitude, home_longitude, travel_miles,
          hourly_rate_min, hourly_rate_max, description, qualifications, availability,
          availability_slots, availability_updated_at,
          rating, review_count, is_active, is_verified, last_active_at, created_at, updated_at, listed_until)
        select
          id, user_id, first_name, last_name, photo_url, specialization, experience, location,
          postcode_district, home_postcode, home_latitude, home_longitude, travel_miles,
          hourly_rate_min, hourly_rate_max, description, qualifications, availability,
          availability_slots, availability_updated_at,
          case when review_count = 0 then 0 else round((3 + 2 * sqrt(r_rating))::numeric, 2) end,
          review_count, is_active, is_verified, last_active_at, created_at,
          greatest(created_at, last_active_at),
          -- Every benchmark carer has a paid membership: listed for a year (0006-payments.md).
          now() + interval '1 year'
        from bench_gen order by i`),
    );
  });
  // The stored "best match" score, exactly as the app computes it (carer-ranking.ts).
  await db.update(carerProfiles).set({ rankScore: sql`${rankScoreSql}` });
  await db.execute(sql`vacuum analyze carer_profiles`);
  await db.execute(sql`analyze users`);
}
