import type { FastifyRequest } from 'fastify';
import {
  DOCUMENT_MAX_BYTES,
  VERIFICATION_FILE_FIELDS,
  VERIFICATION_MESSAGES,
  type VerificationFileField,
} from '@contracts/verification';
import { COMPLIANCE_MESSAGES } from '@contracts/verification-compliance';
import { AppError } from '../../platform/errors';

/** A document scan's type, judged from its first bytes (never the name or the browser's claim). */
export interface SniffedType {
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'pdf' | 'jpg' | 'png' | 'webp';
}

const startsWith = (body: Buffer, bytes: number[], offset = 0) =>
  body.length >= offset + bytes.length && bytes.every((byte, i) => body[offset + i] === byte);

/** PDF, JPEG, PNG or WebP by their magic bytes; undefined for anything else. */
export function sniffDocumentType(body: Buffer): SniffedType | undefined {
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(body, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(body, [0x52, 0x49, 0x46, 0x46]) && startsWith(body, [0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: 'image/webp', extension: 'webp' };
  return undefined;
}

/** What a verification submission's multipart body holds, before any rule is checked. */
export interface VerificationUpload {
  fields: Record<string, string>;
  files: Partial<Record<VerificationFileField, Buffer>>;
  /** File fields whose file was over DOCUMENT_MAX_BYTES (their content is not kept). */
  tooLarge: VerificationFileField[];
}

/**
 * Reads the text fields and the three document files of POST /api/carers/my-profile/verification.
 * Files are held in memory (three at most, 10 MB each); unknown file fields are drained unread.
 */
export async function readVerificationUpload(request: FastifyRequest): Promise<VerificationUpload> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(VERIFICATION_MESSAGES.dbsCertificateRequired, {
      dbsCertificate: VERIFICATION_MESSAGES.dbsCertificateRequired,
    });
  }
  return readDocumentForm(request, VERIFICATION_FILE_FIELDS, 12);
}

/** The insurance form: its text fields and one file, `document`. */
export async function readInsuranceUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; document?: Buffer; tooLarge: boolean }> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(COMPLIANCE_MESSAGES.documentRequired, {
      document: COMPLIANCE_MESSAGES.documentRequired,
    });
  }
  const upload = await readDocumentForm(request, ['document'], 8);
  return {
    fields: upload.fields,
    document: upload.files.document,
    tooLarge: upload.tooLarge.includes('document'),
  };
}

async function readDocumentForm<Field extends string>(
  request: FastifyRequest,
  fileFields: readonly Field[],
  maxFields: number,
): Promise<{ fields: Record<string, string>; files: Partial<Record<Field, Buffer>>; tooLarge: Field[] }> {
  const upload: { fields: Record<string, string>; files: Partial<Record<Field, Buffer>>; tooLarge: Field[] } =
    {
      fields: {},
      files: {},
      tooLarge: [],
    };
  const isFileField = (name: string): name is Field => (fileFields as readonly string[]).includes(name);
  try {
    const options = {
      limits: {
        fileSize: DOCUMENT_MAX_BYTES,
        files: fileFields.length,
        fields: maxFields,
        parts: maxFields + fileFields.length,
      },
      // Every file is read to its end or its limit, so each too-large one gets its own message
      // (the plugin reads this per call, though its types list it only among the plugin options).
      throwFileSizeLimit: false,
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && part.value.length <= 10_000)
          upload.fields[part.fieldname] = part.value;
        continue;
      }
      if (
        !isFileField(part.fieldname) ||
        upload.files[part.fieldname] ||
        upload.tooLarge.includes(part.fieldname)
      ) {
        part.file.resume();
        continue;
      }
      const body = await part.toBuffer();
      // Cut off at the limit (the rest is skipped unread): refused, and nothing of it is kept.
      if (part.file.truncated) upload.tooLarge.push(part.fieldname);
      else if (body.length > 0) upload.files[part.fieldname] = body;
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw AppError.badRequest(VERIFICATION_MESSAGES.tooManyParts);
    }
    // Anything else is the body itself: no boundary, cut short ("Unexpected end of form"), malformed.
    throw AppError.badRequest(VERIFICATION_MESSAGES.formUnreadable);
  }
  return upload;
}
