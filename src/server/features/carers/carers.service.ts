import { randomUUID } from 'node:crypto';
import { CARER_INTRODUCTORY_DAYS } from '@contracts/subscriptions';
import {
  CARER_MESSAGES,
  type CarerProfileInput,
  type CarerReview,
  type CarerSearchQuery,
} from '@contracts/carers';
import type { Database } from '../../db/client';
import type { CarerProfileRow, UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { processProfilePhoto } from '../../platform/images';
import type { FileStorage } from '../../platform/storage';
import { PHOTO_URL_PREFIX } from '../../platform/uploads.routes';
import type { NotifiedCaches } from '../../platform/notified-caches';
import { createTtlCache } from '../../platform/ttl-cache';
import { createUploadsRepository } from '../../platform/uploads.repository';
import { isListed } from './carer-listing';
import { postcodeDistrictIn } from './carer-mapper';
import { createCarersRepository, type CarersRepository } from './carers.repository';

/** Where migration 0011's triggers announce any change to carer profiles or their checks. */
export const CARER_CHANGE_CHANNEL = 'carematch_carers';

interface CarersServiceDeps {
  carers: CarersRepository;
  db: Database;
  storage: FileStorage;
  /** How long a search answer may be reused by this instance (0: never; decision 0013). */
  searchCacheMs?: number;
  /** Profiles kept in memory until the database announces a change to carers (decision 0014). */
  carerCaches?: NotifiedCaches;
}

const profileValues = (input: CarerProfileInput) => ({
  ...input,
  postcodeDistrict: postcodeDistrictIn(input.location),
});

/** Whether `viewer` may see a profile that is not listed (inactive or lapsed): its owner and admins. */
const canSeeUnlisted = (profile: CarerProfileRow, viewer: UserRow | null) =>
  viewer !== null && (viewer.role === 'admin' || viewer.id === profile.userId);

function authorName(first: string | null, last: string | null): string {
  if (!first && !last) return 'Deleted user';
  return [first, last ? `${last.charAt(0)}.` : ''].filter(Boolean).join(' ');
}

export function createCarersService({
  carers,
  db,
  storage,
  searchCacheMs = 0,
  carerCaches,
}: CarersServiceDeps) {
  // The busiest call, and the same for everyone (public fields only): repeated searches within
  // searchCacheMs share one database query. This instance's own profile writes clear it at once.
  const searchCache = createTtlCache<Awaited<ReturnType<typeof carers.search>>>({
    ttlMs: searchCacheMs,
    maxEntries: 1_000,
  });
  // A change to any carer, on any instance, also ends every search answer kept here.
  carerCaches?.onChange(() => searchCache.clear());
  // A profile page reads one profile by id; whether it is listed is decided on each request, as
  // time passes.
  const profileCache = carerCaches?.cache<CarerProfileRow | undefined>(5_000);
  const findProfile = (id: string) =>
    profileCache ? profileCache.get(id, () => carers.findById(id)) : carers.findById(id);

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
          ...profileValues(input),
          userId: user.id,
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          createdAt,
          listedUntil: new Date(createdAt.getTime() + CARER_INTRODUCTORY_DAYS * 86_400_000),
        });
        searchCache.clear();
        return created;
      } catch (error) {
        // Two submissions racing: the unique index on user_id lets one through.
        if (isUniqueViolation(error)) throw AppError.conflict(CARER_MESSAGES.profileExists);
        throw error;
      }
    },

    async myProfile(user: UserRow): Promise<CarerProfileRow> {
      const profile = await carers.findByUserId(user.id);
      if (!profile) throw AppError.notFound(CARER_MESSAGES.profileNotFound);
      return profile;
    },

    async update(id: string, user: UserRow, input: CarerProfileInput): Promise<CarerProfileRow> {
      await ownedProfile(id, user);
      const updated = await carers.update(id, profileValues(input));
      searchCache.clear();
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

    search: (query: CarerSearchQuery) => searchCache.get(JSON.stringify(query), () => carers.search(query)),

    /**
     * Replaces the profile photo. The new file is stored first and recorded in the same
     * transaction that points the profile at it; the old file goes only once that has committed,
     * so a failure at any step leaves the old photo in place.
     */
    async replacePhoto(id: string, user: UserRow, upload: Buffer): Promise<CarerProfileRow> {
      const profile = await ownedProfile(id, user);
      const webp = await processProfilePhoto(upload);
      const key = `photos/${randomUUID()}.webp`;
      await storage.put(key, webp, 'image/webp');
      const oldKey = profile.photoUrl?.startsWith(PHOTO_URL_PREFIX)
        ? `photos/${profile.photoUrl.slice(PHOTO_URL_PREFIX.length)}`
        : undefined;
      let updated: CarerProfileRow;
      try {
        updated = await db.transaction(async (tx) => {
          const uploadsInTx = createUploadsRepository(tx);
          await uploadsInTx.insert({
            ownerId: user.id,
            kind: 'photo',
            storageKey: key,
            contentType: 'image/webp',
            sizeBytes: webp.length,
          });
          if (oldKey) await uploadsInTx.deleteByKey(oldKey);
          return createCarersRepository(tx).setPhoto(
            id,
            profile.userId,
            `${PHOTO_URL_PREFIX}${key.slice('photos/'.length)}`,
          );
        });
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      searchCache.clear();
      if (oldKey) await storage.delete(oldKey).catch(() => {});
      return updated;
    },

    refreshAllRankScores: () => carers.refreshAllRankScores(),
  };
}
export type CarersService = ReturnType<typeof createCarersService>;
