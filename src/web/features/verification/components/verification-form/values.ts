// The form's fields: their empty values and the page order that errors are focused in.
import type { Path } from 'react-hook-form';
import { VERIFICATION_REFERENCE_COUNT, type VerificationFormValues } from '@contracts/verification';
import type { WithBlankChoices } from '@web/lib/schema-resolver';

export const REFERENCE_INDEXES = Array.from({ length: VERIFICATION_REFERENCE_COUNT }, (_, index) => index);
const REFERENCE_PARTS = ['name', 'relationship', 'contact'] as const;

/** Text fields in the order they are shown: errors are focused in this order. */
export const TEXT_FIELDS = [
  'dbsLevel',
  'dbsWorkforce',
  'dbsIssueDate',
  'dbsCertificateNumber',
  'dbsUpdateService',
  'rightToWorkMethod',
  'rightToWorkShareCode',
  'rightToWorkExpiresOn',
  ...REFERENCE_INDEXES.flatMap((index) =>
    REFERENCE_PARTS.map((part) => `references.${index}.${part}` as const),
  ),
] as const satisfies readonly Path<VerificationFieldValues>[];
export type TextField = (typeof TEXT_FIELDS)[number];

/** Where each field's message lives, in page order (files in between the text fields). */
export const FOCUS_ORDER = [
  'dbsLevel',
  'dbsWorkforce',
  'dbsIssueDate',
  'dbsCertificateNumber',
  'dbsUpdateService',
  'dbsCertificate',
  'rightToWorkMethod',
  'rightToWorkShareCode',
  'rightToWorkExpiresOn',
  'rightToWorkDocument',
  'photoId',
  'references',
  ...TEXT_FIELDS.slice(8),
] as const;

/**
 * What the form's fields hold: the DBS level's select is '' and the two yes/no questions are
 * undefined until chosen (the schema refuses both with its own messages).
 */
export type VerificationFieldValues = Omit<
  WithBlankChoices<VerificationFormValues, 'dbsLevel'>,
  'dbsUpdateService' | 'rightToWorkMethod'
> & {
  dbsUpdateService: VerificationFormValues['dbsUpdateService'] | undefined;
  rightToWorkMethod: VerificationFormValues['rightToWorkMethod'] | undefined;
};

export const EMPTY_VALUES: VerificationFieldValues = {
  dbsLevel: '',
  dbsWorkforce: '',
  rightToWorkExpiresOn: '',
  dbsIssueDate: '',
  dbsCertificateNumber: '',
  dbsUpdateService: undefined,
  rightToWorkMethod: undefined,
  rightToWorkShareCode: '',
  references: REFERENCE_INDEXES.map(() => ({ name: '', relationship: '', contact: '' })),
};
