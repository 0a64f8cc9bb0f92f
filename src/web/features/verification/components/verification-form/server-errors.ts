// A refused submission: the server's messages placed beside the fields they are about.
import type { UseFormReturn } from 'react-hook-form';
import type { VerificationInput } from '@contracts/verification';
import type { VerificationFieldValues } from './values';
import { DOCUMENT_FIELDS, type FileErrors } from './documents';
import { TEXT_FIELDS } from './values';

/**
 * Sets each text field's message from the server's per-field answer and returns the scans'
 * messages; `placed` is false when none belonged to a field, so the form says it in its alert.
 */
export function placeServerErrors(
  perField: Record<string, string>,
  form: UseFormReturn<VerificationFieldValues, unknown, VerificationInput>,
): { scanErrors: FileErrors; placed: boolean } {
  const scanErrors: FileErrors = {};
  for (const field of DOCUMENT_FIELDS) {
    if (perField[field]) scanErrors[field] = perField[field];
  }
  let placed = Object.keys(scanErrors).length > 0;
  for (const field of TEXT_FIELDS) {
    const text = perField[field];
    if (!text) continue;
    form.setError(field, { type: 'server', message: text });
    placed = true;
  }
  // The server also files each reference's mistake under 'references': say it once.
  const perReference = Object.keys(perField).some((key) => key.startsWith('references.'));
  if (perField.references && !perReference) {
    form.setError('references', { type: 'server', message: perField.references });
    placed = true;
  }
  return { scanErrors, placed };
}
