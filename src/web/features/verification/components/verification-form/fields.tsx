// The form's field kit: labelled fields, the scan inputs, the fieldsets, and the ids and
// descriptions that tie each field to its hint and message.
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import { DOCUMENT_TYPES, type VerificationFileField, type VerificationInput } from '@contracts/verification';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { FieldError } from '@web/components/ui/text-field';
import { cn } from '@web/lib/utils';
import type { FileErrors } from './documents';
import type { TextField, VerificationFieldValues } from './values';

const ACCEPT = DOCUMENT_TYPES.join(',');
const FILE_HINT = 'PDF, JPEG, PNG or WebP, up to 10 MB.';

/** A DOM id for a field path ('references.0.name' → 'verification-references-0-name'). */
export const fieldId = (field: string) => `verification-${field.replace(/\./g, '-')}`;

/** react-hook-form's message for a path such as 'references.1.contact'. */
export function messageAt(errors: FieldErrors<VerificationFieldValues>, field: string): string | undefined {
  let node: unknown = errors;
  for (const part of field.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'object' && node !== null && 'message' in node && typeof node.message === 'string') {
    return node.message;
  }
  return undefined;
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** What every section needs of the form: registering fields, their messages, the scans. */
export type FormKit = {
  form: UseFormReturn<VerificationFieldValues, unknown, VerificationInput>;
  errorOf: (field: Path<VerificationFieldValues>) => string | undefined;
  /** The id, aria-invalid and aria-describedby of a text field (with its hint's id when it has one). */
  textProps: (
    field: TextField,
    hint?: boolean,
  ) => { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  fileErrors: FileErrors;
  setFile: (field: VerificationFileField, file: File | undefined) => void;
};

export function Field({
  field,
  label,
  hint,
  error,
  children,
}: {
  field: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  const id = fieldId(field);
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export function FileField({
  field,
  label,
  error,
  onChange,
}: {
  field: VerificationFileField;
  label: string;
  error?: string;
  onChange: (field: VerificationFileField, file: File | undefined) => void;
}) {
  const id = fieldId(field);
  return (
    <Field field={field} label={label} hint={FILE_HINT} error={error}>
      <Input
        id={id}
        name={field}
        type="file"
        accept={ACCEPT}
        className="h-auto cursor-pointer py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.files?.[0])}
      />
    </Field>
  );
}

export function Fieldset({
  legend,
  children,
  className,
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid gap-4 rounded-md border border-border p-4', className)}>
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
