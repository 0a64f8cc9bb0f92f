import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@contracts/errors';
import { AppError } from './errors';

/**
 * PostgreSQL cannot store the NUL character (U+0000) in text: any query that carries one fails.
 * Requests are checked before their schema, so a NUL anywhere in a query string, a path or a JSON
 * body is a 400 naming the field, never a 500. (Multipart fields, read by their handlers, are
 * covered by the error handler's mapping of the database's refusal, `isNulRefusal`.)
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part);
      if (field !== undefined) {
        throw AppError.badRequest(
          ERROR_MESSAGES.nulCharacter,
          field === '' ? undefined : { [field]: ERROR_MESSAGES.nulCharacter },
        );
      }
    }
  });
}

/** The top-level field holding a NUL somewhere ('' for the value itself), or undefined. */
export function fieldWithNul(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || fieldWithNul(inner, depth + 1) !== undefined) return key;
  }
  return undefined;
}
