import { CARER_INTRODUCTORY_DAYS } from '@contracts/subscriptions';
import {
  availabilityTagsOf,
  slotMask,
  slotsOfMask,
  weekFromTags,
  type WeeklyAvailability,
} from '@contracts/availability';
import {
  CARER_MESSAGES,
  SEARCH_MESSAGES,
  type CarerProfileInput,
  type CarerReview,
  type CarerSearchQuery,
  type MatchingCarers,
  type MatchingCarersQuery,
} from '@contracts/carers';
import { paths } from '@contracts/paths';
import { HOME_POSTCODE_CHANGES_PER_DAY, outwardCodeOf, POSTCODE_MESSAGES } from '@contracts/postcodes';
import type { Database } from '../../db/client';
import type { CarerProfileRow, UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { districtCentresOf, type Geocoder, type Place } from '../../platform/geocoder/geocoder';
import { createPhotoPipeline } from '../../platform/photos';
import type { FileStorage } from '../../platform/storage';
import type { NotifiedCaches } from '../../platform/notified-caches';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { createTtlCache } from '../../platform/ttl-cache';
import { enqueueEmail } from '../../platform/mailer';
import { AVAILABILITY_REMINDER_DAYS, availabilityReminderEmail } from './carer-emails';
import { isListed } from './carer-listing';
import { createCarerProfilesStore } from './carer-profiles.store';
import type { CarerSearchIndex } from './carer-search-index';
import { postcodeDistrictIn } from './carer-mapper';
import { createCarersRepository, type CarersRepository } from './carers.repository';

/** A carer's home postcode may change a few times a day, not be walked across a map (decision 0032). */
export const HOME_POSTCODE_CHANGES_LIMIT: RateLimitRule = {
  bucket: 'home-postcode-changes',
  limit: HOME_POSTCODE_CHANGES_PER_DAY,
  windowSeconds: 24 * 3600,
};

/** Where migration 0011's triggers announce any change to carer profiles or their checks. */
export const CARER_CHANGE_CHANNEL = 'carematch_carers';

interface CarersServiceDeps {
  carers: CarersRepository;
  db: Database;
  storage: FileStorage;
  /** Places for distance search and carers' homes (decision 0023). */
  geocoder: Geocoder;
  /** Counts changes of a home postcode (HOME_POSTCODE_CHANGES_LIMIT); services built by hand in tests may leave it out. */
  rateLimiter?: RateLimiter;
  /** The site's address, for links in emails. */
  publicUrl: string;
  /** How long a search answer may be reused by this instance (0: never; decision 0013). */
  searchCacheMs?: number;
  /** Profiles kept in memory until the database announces a change to carers (decision 0014). */
  carerCaches?: NotifiedCaches;
  /** Search answered from memory while it hears the database's change notices (decision 0025). */
  searchIndex?: CarerSearchIndex;
}

const sameWeek = (a: WeeklyAvailability, b: WeeklyAvailability) =>
  a.liveIn === b.liveIn && a.shortNotice === b.shortNotice && a.slots.join() === b.slots.join();

/**
 * The week a profile write gives: the grid when sent (its tags derived from it), else the tags'
 * week, except that tags equal to the profile's present ones keep its finer grid (a client of the
 * spec's API that knows only tags must not flatten the week at every save).
 */
function weekOf(input: CarerProfileInput, existing: CarerProfileRow | undefined) {
  if (input.weeklyAvailability) {
    return { week: input.weeklyAvailability, tags: availabilityTagsOf(input.weeklyAvailability) };
  }
  const tags = input.availability ?? [];
  if (existing && tags.join() === existing.availability.join()) {
    return { week: undefined, tags };
  }
  return { week: weekFromTags(tags), tags };
}

/** Whether `viewer` may see a profile that is not listed (inactive or lapsed): its owner and admins. */
const canSeeUnlisted = (profile: CarerProfileRow, viewer: UserRow | null) =>
  viewer !== null && (viewer.role === 'admin' || viewer.id === profile.userId);

function authorName(first: string | null, last: string | null): string {
  if (!first && !last) return 'Deleted user';
  return [first, last ? `${last.charAt(0)}.` : ''].filter(Boolean).join(' ');
}

/** The week a stored profile has: its slots, and live-in and short notice from its tags. */
function weekFromTagsAndMask(profile: CarerProfileRow): WeeklyAvailability {
  const fromTags = weekFromTags(profile.availability);
  return { ...fromTags, slots: slotsOfMask(profile.availabilitySlots) };
}

export function createCarersService({
  carers,
  db,
  storage,
  geocoder,
  rateLimiter,
  publicUrl,
  searchCacheMs = 0,
  carerCaches,
  searchIndex,
}: CarersServiceDeps) {
  // The busiest call, and the same for everyone (public fields only): repeated searches within
  // searchCacheMs share one database query, but only while every carer change is heard
  // (decision 0014); this instance's own profile writes clear it at once. Only searches asked
  // for twice are kept: most are asked once (platform/ttl-cache.ts, admitOnRepeat).
  const searchCache = createTtlCache<Awaited<ReturnType<typeof carers.search>>>({
    ttlMs: searchCacheMs,
    maxEntries: 1_000,
    admitOnRepeat: true,
  });
  const photos = createPhotoPipeline(storage);
  // A change to any carer, on any instance, also ends every search answer kept here.
  carerCaches?.onChange(() => searchCache.clear());
  /** This instance's own profile write: the next search here sees it without waiting for the notice. */
  const forgetSearches = () => {
    searchCache.clear();
    searchIndex?.changed();
  };
  const runSearch = async (query: CarerSearchQuery, place?: Place) =>
    (await searchIndex?.search(query, place)) ?? carers.search(query, place);
  // A profile page reads one profile by id; whether it is listed is decided on each request, as
  // time passes.
  const profileCache = carerCaches?.cache<CarerProfileRow | undefined>(5_000);
  const findProfile = (id: string) =>
    profileCache ? profileCache.get(id, () => carers.findById(id)) : carers.findById(id);

  const search = (query: CarerSearchQuery) => {
    const find = async () => {
      if (query.near === undefined) return runSearch(query);
      const place = await geocoder.find(query.near);
      if (!place) throw AppError.badRequest(SEARCH_MESSAGES.near, { near: SEARCH_MESSAGES.near });
      return runSearch(query, place);
    };
    return searchCacheMs > 0 && carerCaches?.isListening()
      ? searchCache.get(JSON.stringify(query), find)
      : find();
  };

  /**
   * Where the carer lives, from their postcode (checked with the postcode service where there is
   * one) or, for a profile without one (the spec's API), from the town in its location. The point
   * kept is the postcode district's centre, never the postcode's own (decision 0032). A postcode
   * the service says does not exist is a 400 beside the field; when the service is down the
   * profile is saved at the postcode's built-in district and marked unchecked. A new postcode
   * counts against HOME_POSTCODE_CHANGES_LIMIT.
   */
  async function homeOf(user: UserRow, input: CarerProfileInput, existing: CarerProfileRow | undefined) {
    const homePostcode = input.homePostcode ?? existing?.homePostcode ?? null;
    if (homePostcode === null) {
      const town = await geocoder.find(input.location);
      return {
        homePostcode: null,
        homePostcodeChecked: true,
        postcodeDistrict: postcodeDistrictIn(input.location),
        homeLatitude: town?.latitude ?? null,
        homeLongitude: town?.longitude ?? null,
      };
    }
    const unchanged =
      existing &&
      existing.homePostcode === homePostcode &&
      existing.homePostcodeChecked &&
      existing.homeLatitude !== null;
    if (unchanged) {
      return {
        homePostcode,
        homePostcodeChecked: true,
        postcodeDistrict: outwardCodeOf(homePostcode),
        homeLatitude: existing.homeLatitude,
        homeLongitude: existing.homeLongitude,
      };
    }
    const check = await geocoder.checkHomePostcode(homePostcode);
    if (check.status === 'not-found') {
      throw AppError.badRequest(POSTCODE_MESSAGES.notFound, { homePostcode: POSTCODE_MESSAGES.notFound });
    }
    if (existing?.homePostcode && existing.homePostcode !== homePostcode) {
      await rateLimiter?.enforce(HOME_POSTCODE_CHANGES_LIMIT, user.id, POSTCODE_MESSAGES.tooManyChanges);
    }
    return {
      homePostcode,
      homePostcodeChecked: check.status === 'found',
      postcodeDistrict: outwardCodeOf(homePostcode),
      homeLatitude: check.place?.latitude ?? null,
      homeLongitude: check.place?.longitude ?? null,
    };
  }

  /** The columns a profile write sets, from the form's fields and the profile as it was. */
  async function profileValues(user: UserRow, input: CarerProfileInput, existing?: CarerProfileRow) {
    const { weeklyAvailability: _week, availability: _tags, homePostcode: _postcode, ...fields } = input;
    const { week, tags } = weekOf(input, existing);
    const weekChanged =
      week !== undefined &&
      (!existing ||
        existing.availabilityUpdatedAt === null ||
        !sameWeek(week, weekFromTagsAndMask(existing)));
    return {
      ...fields,
      ...(await homeOf(user, input, existing)),
      travelMiles: input.travelMiles ?? existing?.travelMiles ?? null,
      availability: tags,
      ...(week !== undefined ? { availabilitySlots: slotMask(week.slots) } : {}),
      ...(weekChanged ? { availabilityUpdatedAt: new Date(), availabilityRemindedAt: null } : {}),
    };
  }

  async function ownedProfile(id: string, user: UserRow): Promise<CarerProfileRow> {
    const profile = await carers.findById(id);
    if (!profile) throw AppError.notFound(CARER_MESSAGES.carerNotFound);
    if (profile.userId !== user.id) throw AppError.forbidden(CARER_MESSAGES.notYourProfile);
    return profile;
  }

  return {
    async create(user: UserRow, input: CarerProfileInput): Promise<CarerProfileRow> {
      if (user.role !== 'carer') throw AppError.forbidden(CARER_MESSAGES.onlyCarers);
      if (await carers.findByUserId(user.id)) throw AppError.conflict(CARER_MESSAGES.profileExists);
      // A new profile is live at once, for an introductory period before the membership is due.
      const createdAt = new Date();
      try {
        const created = await carers.insert({
          ...(await profileValues(user, input)),
          userId: user.id,
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          createdAt,
          listedUntil: new Date(createdAt.getTime() + CARER_INTRODUCTORY_DAYS * 86_400_000),
        });
        forgetSearches();
        return created;
      } catch (error) {
        // Two submissions racing: the unique index on user_id lets one through.
        if (isUniqueViolation(error)) throw AppError.conflict(CARER_MESSAGES.profileExists);
        throw error;
      }
    },

    /** The account's profile, if it has one (for features acting as the carer). */
    profileOfUser: (userId: string) => carers.findByUserId(userId),

    async myProfile(user: UserRow): Promise<CarerProfileRow> {
      const profile = await carers.findByUserId(user.id);
      if (!profile) throw AppError.notFound(CARER_MESSAGES.profileNotFound);
      return profile;
    },

    /** The account's own profile, or null while it has none (an ordinary state, not an error). */
    async findMyProfile(user: UserRow): Promise<CarerProfileRow | null> {
      return (await carers.findByUserId(user.id)) ?? null;
    },

    async update(id: string, user: UserRow, input: CarerProfileInput): Promise<CarerProfileRow> {
      const existing = await ownedProfile(id, user);
      const updated = await carers.update(id, await profileValues(user, input, existing));
      forgetSearches();
      return updated;
    },

    /** A listed profile, or (for its owner and admins) an unlisted one. */
    async get(id: string, viewer: UserRow | null): Promise<CarerProfileRow> {
      const profile = await findProfile(id);
      if (!profile || (!isListed(profile, new Date()) && !canSeeUnlisted(profile, viewer))) {
        throw AppError.notFound(CARER_MESSAGES.carerNotFound);
      }
      return profile;
    },

    async reviews(id: string, viewer: UserRow | null): Promise<CarerReview[]> {
      const profile = await this.get(id, viewer);
      const rows = await carers.listReviews(profile.id);
      return rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        comment: row.comment,
        createdAt: row.createdAt.toISOString(),
        authorName: authorName(row.authorFirstName, row.authorLastName),
      }));
    },

    /**
     * The public search. A `near` place is found first (a place no one knows is a 400 beside the
     * field, never an empty page that looks like "no carers"); answers are kept per query.
     */
    search,

    /**
     * How many listed carers a family would find, before paying: the search itself (the same
     * filters, rules and district centres, decision 0032), asked for its first page's total.
     */
    async countMatching(query: MatchingCarersQuery): Promise<MatchingCarers> {
      const answer = await search({ ...query, sort: 'distance', limit: 1 });
      const total = answer.total ?? { count: 0, more: false };
      return {
        count: total.count,
        more: total.more,
        within: query.within,
        careType: query.careType ?? null,
        day: query.day ?? null,
        partOfDay: query.partOfDay ?? null,
      };
    },

    /** Finds a place a person typed (Settings' search place), or null. */
    findPlace: (text: string) => geocoder.find(text),

    /**
     * The centres of postcode districts, for the map of search results: the same points homes
     * are kept at and search measures from (decision 0032), so a carer is drawn at their district's
     * centre, never nearer their home. A district no one can place is left out.
     */
    async districtPoints(districts: string[]) {
      const points: { district: string; latitude: number; longitude: number }[] = [];
      for (const district of districts) {
        const centre = await geocoder.districtCentre(district);
        if (centre)
          points.push({ district, latitude: centre.place.latitude, longitude: centre.place.longitude });
      }
      return points;
    },

    /**
     * Replaces the profile photo through the photo pipeline (platform/photos.ts): the old file goes
     * only once the new one is committed, and only if nothing shows it any more.
     */
    async replacePhoto(id: string, user: UserRow, upload: Buffer): Promise<CarerProfileRow> {
      const profile = await ownedProfile(id, user);
      const updated = await photos.replace(upload, (photo) =>
        db.transaction(async (tx) => {
          const store = createCarerProfilesStore(tx);
          const row = await store.setPhoto(id, profile.userId, photo.url, new Date(), true);
          await photo.recordIn(tx, {
            ownerId: user.id,
            replaces: [profile.photoUrl, user.profileImageUrl],
            stillShown: store.photoShown,
          });
          return row;
        }),
      );
      forgetSearches();
      return updated;
    },

    refreshAllRankScores: () => carers.refreshAllRankScores(),

    /**
     * Places profiles that distance search cannot find yet (housekeeping, hourly): those from
     * before distance search, from their postcode or town, and those whose postcode was saved
     * while the postcode service was down, once it answers again. Returns how many were placed.
     */
    async placeUnplacedCarers(limit = 100): Promise<number> {
      let placed = 0;
      for (const profile of await carers.unplaced(limit)) {
        if (profile.homePostcode) {
          const check = await geocoder.checkHomePostcode(profile.homePostcode);
          if (check.status === 'unchecked') continue;
          // A postcode that turns out not to exist keeps its district's place; it is not asked again.
          const place =
            check.status === 'found'
              ? check.place
              : (await geocoder.districtCentre(outwardCodeOf(profile.homePostcode)!))?.place;
          const latitude = place?.latitude ?? profile.homeLatitude;
          const longitude = place?.longitude ?? profile.homeLongitude;
          if (latitude === null || longitude === null) continue;
          await carers.setHome(profile.id, {
            homeLatitude: latitude,
            homeLongitude: longitude,
            homePostcodeChecked: true,
          });
        } else {
          const town = await geocoder.find(profile.location);
          if (!town) continue;
          await carers.setHome(profile.id, {
            homeLatitude: town.latitude,
            homeLongitude: town.longitude,
            homePostcodeChecked: true,
          });
        }
        placed += 1;
      }
      if (placed > 0) forgetSearches();
      return placed;
    },

    /**
     * Puts every home placed from a postcode at its district's centre (decision 0032): the homes
     * kept before the rule, and any whose district's centre has moved since (housekeeping, at
     * start and hourly; a no-op once all are there). A district whose centre the postcode service
     * could not give just now waits for the next run. Returns how many homes moved.
     */
    async placeHomesAtDistrictCentres(): Promise<number> {
      const centres = await districtCentresOf(geocoder, await carers.homeDistricts());
      const moved = await carers.placeAtDistrictCentres(centres);
      if (moved > 0) forgetSearches();
      return moved;
    },

    /**
     * Asks carers whose week is AVAILABILITY_REMINDER_DAYS old to check it (housekeeping, hourly):
     * each carer once per saved week, the marks and the emails in one transaction.
     */
    async sendAvailabilityReminders(now: Date = new Date()): Promise<number> {
      const before = new Date(now.getTime() - AVAILABILITY_REMINDER_DAYS * 86_400_000);
      return db.transaction(async (tx) => {
        const due = await createCarersRepository(tx).claimAvailabilityReminders(before, now, 200);
        for (const carer of due) {
          await enqueueEmail(
            tx,
            availabilityReminderEmail(carer.email, carer.firstName, `${publicUrl}${paths.carerDashboard}`),
          );
        }
        return due.length;
      });
    },
  };
}
export type CarersService = ReturnType<typeof createCarersService>;
