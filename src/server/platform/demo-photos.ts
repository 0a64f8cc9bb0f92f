import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PHOTOS_DIR } from '../paths';
import type { FileStorage } from './storage';
import { PHOTO_URL_PREFIX } from './uploads.routes';

/**
 * The demo carers' portraits: friendly illustrations drawn by
 * `scripts/make-illustrations.ts` (no real person's likeness, ours to ship), one WebP per seeded
 * carer, kept in this folder of the repository and served at the ordinary photo address
 * (/uploads/photos/<name>.webp) by `withDemoPhotos` in demo mode.
 */
/** The seeded carer's photo file name: a UUID-shaped name made from their key, the same every run. */
export function demoPhotoName(carerKey: string): string {
  const hex = createHash('sha256').update(`carematch demo photo ${carerKey}`).digest('hex');
  // Shaped as a version-4 UUID, so it passes the photo route's check like any uploaded photo.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}.webp`;
}

/** '/uploads/photos/<name>.webp': the seeded carer's photoUrl. */
export function demoPhotoUrl(carerKey: string): string {
  return `${PHOTO_URL_PREFIX}${demoPhotoName(carerKey)}`;
}

/** The portrait's bytes, or undefined when `name` is not one of the demo portraits. */
export async function readDemoPhoto(name: string, dir = DEMO_PHOTOS_DIR): Promise<Buffer | undefined> {
  if (!/^[0-9a-f-]{36}\.webp$/.test(name)) return undefined;
  try {
    return await fs.readFile(path.join(dir, name));
  } catch {
    return undefined;
  }
}

/**
 * Demo mode: `storage`, with the demo portraits behind it. A photo it does not hold is looked up
 * among them, so every instance serves them from its own copy of the repository (nothing is
 * written at start, and a fresh S3 bucket or in-memory store needs no copying).
 */
export function withDemoPhotos(storage: FileStorage, dir = DEMO_PHOTOS_DIR): FileStorage {
  return {
    put: (key, body, contentType) => storage.put(key, body, contentType),
    delete: (key) => storage.delete(key),
    async get(key) {
      const stored = await storage.get(key);
      if (stored || !key.startsWith('photos/')) return stored;
      const body = await readDemoPhoto(key.slice('photos/'.length), dir);
      return body ? { body, contentType: 'image/webp' } : undefined;
    },
  };
}
