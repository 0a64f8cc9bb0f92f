import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { CARER_MESSAGES } from '@contracts/carers';
import { AppError } from './errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/**
 * The most pixels a photo may decode to. A JPEG is decoded already shrunk (libvips' shrink-on-load
 * reads it at 1/2, 1/4 or 1/8 scale when it is to be made smaller), so a phone's 48 or 108
 * megapixel photo costs little and is taken; PNG and WebP are decoded whole, so a small file that
 * claims a huge image (a pixel flood) is refused before it is decoded.
 */
const MAX_INPUT_PIXELS: Record<string, number> = { jpeg: 200_000_000, png: 40_000_000, webp: 40_000_000 };
export const PHOTO_MAX_DIMENSION = 800;

/**
 * A profile photo re-encoded as WebP at most 800 px on its longer side. The type is judged from
 * the bytes, never the file name. Re-encoding drops every metadata block (EXIF, GPS, XMP, ICC),
 * and the orientation tag is applied to the pixels first so the picture stays upright.
 */
export async function processProfilePhoto(input: Buffer): Promise<Buffer> {
  const refuse = (message: string) => AppError.badRequest(message, { photo: message });
  let header: Metadata;
  try {
    // The header only (nothing is decoded), to say what is wrong before any pixel is read.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(CARER_MESSAGES.photoType);
  }
  const format = header.format;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse(CARER_MESSAGES.photoType);
  const limit = MAX_INPUT_PIXELS[format]!;
  if ((header.width ?? 0) * (header.height ?? 0) > limit) throw refuse(CARER_MESSAGES.photoTooManyPixels);
  try {
    return await sharp(input, { limitInputPixels: limit, failOn: 'error' })
      .rotate()
      .resize(PHOTO_MAX_DIMENSION, PHOTO_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse(CARER_MESSAGES.photoUnreadable);
  }
}

/**
 * Reads the one `photo` file of a multipart request (carer and account photos), mapping the
 * plugin's errors to clear 400s on the `photo` field.
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  const missing = () =>
    AppError.badRequest(CARER_MESSAGES.photoMissing, { photo: CARER_MESSAGES.photoMissing });
  let file;
  try {
    file = await request.file();
  } catch {
    throw missing(); // not multipart at all
  }
  if (!file || file.fieldname !== 'photo') throw missing();
  const tooLarge = () =>
    AppError.badRequest(CARER_MESSAGES.photoTooLarge, { photo: CARER_MESSAGES.photoTooLarge });
  const { file: stream } = file;
  try {
    // Refused the moment the 5 MB limit is reached, not once the rest of a huge file has streamed
    // past (the plugin reports the limit only at the end of the part); the rest is discarded unread.
    return await new Promise<Buffer>((resolve, reject) => {
      stream.once('limit', () => reject(tooLarge()));
      file.toBuffer().then(resolve, reject);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Anything else here is the body itself: cut short ("Unexpected end of form") or malformed.
    throw AppError.badRequest(CARER_MESSAGES.photoUploadIncomplete, {
      photo: CARER_MESSAGES.photoUploadIncomplete,
    });
  }
}
