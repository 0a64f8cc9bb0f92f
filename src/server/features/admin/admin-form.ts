import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ADMIN_MESSAGES, AdminCarerInput } from '@contracts/admin';
import { CARER_MESSAGES } from '@contracts/carers';
import { ERROR_MESSAGES } from '@contracts/errors';
import { AppError } from '../../platform/errors';

/** Room for every AdminCarerInput field (and a few more) plus the one `photo` file. */
const FORM_LIMITS = { fields: 20, files: 1, parts: 21, fieldSize: 64 * 1024 } as const;

/** A 400 with one message per field, the shape the error handler gives schema failures. */
export function validationError(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    fieldErrors[field] ??= issue.message;
  }
  return AppError.badRequest(Object.values(fieldErrors)[0] ?? 'Invalid request', fieldErrors);
}

/**
 * The carer form of POST/PUT /api/test/carers: multipart fields (lists as JSON array strings) with
 * an optional `photo` file under the carers' upload rules (5 MB; type judged later from the
 * bytes), or, for PUT from Admin Management, a JSON body. Checked against AdminCarerInput.
 */
export async function readCarerForm(
  request: FastifyRequest,
): Promise<{ input: AdminCarerInput; photo: Buffer | undefined }> {
  let raw: unknown;
  let photo: Buffer | undefined;
  if (request.isMultipart()) {
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts({ limits: FORM_LIMITS })) {
        if (part.type === 'file') {
          const body = await part.toBuffer();
          if (part.fieldname !== 'photo') continue;
          // A file input left empty sends a part with no bytes: no photo.
          if (body.length > 0) photo = body;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw AppError.badRequest(CARER_MESSAGES.photoTooLarge, { photo: CARER_MESSAGES.photoTooLarge });
      }
      if ((error as { statusCode?: number }).statusCode === 413) {
        throw AppError.badRequest(ERROR_MESSAGES.payloadTooLarge);
      }
      throw AppError.badRequest(ADMIN_MESSAGES.formUnreadable);
    }
    raw = fields;
  } else {
    raw = request.body ?? {};
  }
  const parsed = AdminCarerInput.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return { input: parsed.data, photo };
}
