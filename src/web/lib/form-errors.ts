import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

export type ServerFormErrors<F extends string> = {
  /** Messages that belong beside this form's fields. */
  fieldMessages: Partial<Record<F, string>>;
  /** What the form's alert shows: null when the message already stands beside a field. */
  alert: string | null;
};

/**
 * Splits a failed submission's answer between the fields and the form's alert.
 * A 400 carries `fieldErrors` by field name; a 409's message belongs beside `conflictField`.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  conflictField?: F,
): ServerFormErrors<F> {
  const details = error instanceof ApiError ? error : null;
  if (!details) return { fieldMessages: {}, alert: fallback };
  const fieldMessages: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = details.fieldErrors[field];
    if (message) fieldMessages[field] = message;
  }
  if (details.status === 409 && conflictField && details.serverMessage && !fieldMessages[conflictField]) {
    fieldMessages[conflictField] = details.serverMessage;
  }
  const message = details.serverMessage ?? fallback;
  return { fieldMessages, alert: Object.values(fieldMessages).includes(message) ? null : message };
}

/** Shows the server's field messages beside their fields and focuses the first one. */
export function applyFieldMessages<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMessages: Partial<Record<Path<T>, string>>,
): void {
  let focusNext = true;
  for (const field of fields) {
    const message = fieldMessages[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: focusNext });
    focusNext = false;
  }
}
