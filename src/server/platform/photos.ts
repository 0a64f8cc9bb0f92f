import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { processProfilePhoto } from './images';
import type { FileStorage } from './storage';
import { createUploadsRepository } from './uploads.repository';
import { PHOTO_URL_PREFIX } from './uploads.routes';

/**
 * The one photo pipeline (decision 0030): a carer's photo from their profile, an account's
 * photo from Settings and a photo an admin gives a profile all go through here.
 *
 * 1. The upload is re-encoded (platform/images.ts: WebP, no metadata; its refusals are the
 *    visible messages) and stored under a new random name before any row changes.
 * 2. The caller writes its rows in its own transaction and, in it, calls `recordIn`: the new
 *    file's `uploads` row is added, and each photo it replaced loses its row unless some account or
 *    profile still shows it (`stillShown`, asked after the caller's write).
 * 3. A failure anywhere deletes the new file; after the commit the replaced files that nothing
 *    shows are deleted. So the old photo stays until the new one is committed, and a file another
 *    row still shows is never deleted.
 */

const PHOTO_KEY_PREFIX = 'photos/';

/** The storage key of a photo served at `url`, or undefined for an address not ours (a seed's, none). */
export function photoKeyOf(url: string | null | undefined): string | undefined {
  return url?.startsWith(PHOTO_URL_PREFIX)
    ? `${PHOTO_KEY_PREFIX}${url.slice(PHOTO_URL_PREFIX.length)}`
    : undefined;
}

/** The public address of the photo stored at `key`. */
export function photoUrlOf(key: string): string {
  return `${PHOTO_URL_PREFIX}${key.slice(PHOTO_KEY_PREFIX.length)}`;
}

export interface NewPhoto {
  /** The address the rows are to show. */
  url: string;
  /**
   * Inside the caller's transaction, after its rows point at `url`: records the new file (owned by
   * `ownerId`, null for a profile without an account) and lets go of each replaced photo that
   * `stillShown` says nothing shows any more.
   */
  recordIn(
    tx: Executor,
    options: {
      ownerId: string | null;
      replaces: ReadonlyArray<string | null | undefined>;
      stillShown: (url: string) => Promise<boolean>;
    },
  ): Promise<void>;
}

export function createPhotoPipeline(storage: FileStorage) {
  return {
    /**
     * Stores the upload as a new photo and runs `write` with it (which runs the transaction);
     * answers what `write` answers.
     */
    async replace<T>(upload: Buffer, write: (photo: NewPhoto) => Promise<T>): Promise<T> {
      const webp = await processProfilePhoto(upload);
      const key = `${PHOTO_KEY_PREFIX}${randomUUID()}.webp`;
      const url = photoUrlOf(key);
      await storage.put(key, webp, 'image/webp');
      const released = new Set<string>();
      const photo: NewPhoto = {
        url,
        async recordIn(tx, { ownerId, replaces, stillShown }) {
          const uploads = createUploadsRepository(tx);
          await uploads.insert({
            ownerId,
            kind: 'photo',
            storageKey: key,
            contentType: 'image/webp',
            sizeBytes: webp.length,
          });
          for (const oldUrl of new Set(replaces)) {
            const oldKey = photoKeyOf(oldUrl);
            if (!oldUrl || !oldKey || oldKey === key || (await stillShown(oldUrl))) continue;
            await uploads.deleteByKey(oldKey);
            released.add(oldKey);
          }
        },
      };
      let result: T;
      try {
        result = await write(photo);
      } catch (error) {
        released.clear();
        await storage.delete(key).catch(() => {});
        throw error;
      }
      await Promise.all([...released].map((oldKey) => storage.delete(oldKey).catch(() => {})));
      return result;
    },
  };
}
export type PhotoPipeline = ReturnType<typeof createPhotoPipeline>;
