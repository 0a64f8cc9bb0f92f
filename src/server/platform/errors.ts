import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ErrorBody } from '@contracts/errors';
import { plainValidationMessage } from './validation-messages';

/** Services throw these; one handler maps them to an HTTP status and `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(400, message, {}, fieldErrors);
  }
  static unauthorized(message: string = ERROR_MESSAGES.unauthorized) {
    return new AppError(401, message);
  }
  static forbidden(message: string = ERROR_MESSAGES.forbidden) {
    return new AppError(403, message);
  }
  static notFound(message: string = ERROR_MESSAGES.notFound) {
    return new AppError(404, message);
  }
  static conflict(message: string, fieldErrors?: Record<string, string>) {
    return new AppError(409, message, {}, fieldErrors);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Turns schema failures into one readable message plus a message per field. */
function describeValidation(
  issues: ValidationIssue[],
  context: string | undefined,
): Pick<ErrorBody, 'message' | 'fieldErrors'> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    // Forms are flat: an error inside a list ('qualifications.0') belongs to the list's field.
    const field = path.length > 0 ? String(path[0]) : '_';
    const message = issue.params?.issue?.message ?? issue.message ?? 'Invalid value';
    fieldErrors[field] ??= plainValidationMessage(message, path, context);
  }
  const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
  return { message: first, fieldErrors };
}

// Database connection failures mean "try again shortly", not a bug: socket errors, PostgreSQL's
// connection class (08…) and shutdown/start-up (57P01-57P03), too many connections (53300).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
// node-postgres reports a lost or timed-out connection with these messages and no code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when an error means the database cannot be reached right now. Drizzle wraps a driver's
 * error in a DrizzleQueryError whose `cause` is the original, so causes are followed too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((text) => current instanceof Error && current.message.startsWith(text)))
      return true;
    current = current.cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.status(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(describeValidation(error.validation as ValidationIssue[], error.validationContext));
    }
    if (error.validation) {
      return reply
        .status(400)
        .send(describeValidation(error.validation as ValidationIssue[], error.validationContext));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: ERROR_MESSAGES.invalidJson });
    }
    if (isNulRefusal(error)) {
      // A NUL that came in by a way the request guard does not read (a multipart field).
      return reply.status(400).send({ message: ERROR_MESSAGES.nulCharacter });
    }
    if (isDatabaseUnavailable(error)) {
      // The cause only: a wrapped query's text and parameters (message bodies, emails) stay out of the log.
      const cause = error.cause instanceof Error ? error.cause : error;
      request.log.error(
        { code: (cause as { code?: unknown }).code, reason: cause.message },
        'database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: ERROR_MESSAGES.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (413, 415, 406…) carry safe, fixed messages.
      const message = status === 413 ? ERROR_MESSAGES.payloadTooLarge : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: ERROR_MESSAGES.internal });
  });
}

function hasPostgresCode(error: unknown, sqlState: string): boolean {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return code === sqlState || cause?.code === sqlState;
}

/** True when PostgreSQL refused a NUL character in text (22021, invalid byte sequence: 0x00). */
export const isNulRefusal = (error: unknown): boolean => hasPostgresCode(error, '22021');

/** True when a database write broke a unique constraint (PostgreSQL 23505), whichever driver wrapped it. */
export const isUniqueViolation = (error: unknown): boolean => hasPostgresCode(error, '23505');

/** True when a database write referred to a row that is gone (PostgreSQL 23503), whichever driver wrapped it. */
export const isForeignKeyViolation = (error: unknown): boolean => hasPostgresCode(error, '23503');
