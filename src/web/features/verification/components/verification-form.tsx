import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DBS_LEVELS,
  DBS_WORKFORCE_LABELS,
  DBS_WORKFORCES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  RIGHT_TO_WORK_LABELS,
  RIGHT_TO_WORK_METHODS,
  VERIFICATION_MESSAGES,
  VERIFICATION_REFERENCE_COUNT,
  VerificationInput,
  type VerificationFileField,
  type VerificationFormValues,
} from '@contracts/verification';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';
import { useSubmitVerification } from '../api/verification';

type FileErrors = Partial<Record<VerificationFileField, string>>;
type Files = Partial<Record<VerificationFileField, File>>;

const REFERENCE_INDEXES = Array.from({ length: VERIFICATION_REFERENCE_COUNT }, (_, index) => index);
const REFERENCE_PARTS = ['name', 'relationship', 'contact'] as const;

/** Text fields in the order they are shown: errors are focused in this order. */
const TEXT_FIELDS = [
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
] as const satisfies readonly Path<VerificationFormValues>[];

/** Where each field's message lives, in page order (files in between the text fields). */
const FOCUS_ORDER = [
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

const EMPTY_VALUES: VerificationFormValues = {
  dbsLevel: '' as VerificationFormValues['dbsLevel'],
  dbsWorkforce: '',
  rightToWorkExpiresOn: '',
  dbsIssueDate: '',
  dbsCertificateNumber: '',
  dbsUpdateService: undefined as unknown as VerificationFormValues['dbsUpdateService'],
  rightToWorkMethod: undefined as unknown as VerificationFormValues['rightToWorkMethod'],
  rightToWorkShareCode: '',
  references: REFERENCE_INDEXES.map(() => ({ name: '', relationship: '', contact: '' })),
};

const ACCEPT = DOCUMENT_TYPES.join(',');
const FILE_HINT = 'PDF, JPEG, PNG or WebP, up to 10 MB.';

/** A DOM id for a field path ('references.0.name' → 'verification-references-0-name'). */
const fieldId = (field: string) => `verification-${field.replace(/\./g, '-')}`;

/** Client-side checks of the scans; the server checks the content again. */
function checkFile(file: File | undefined, requiredMessage: string): string | undefined {
  if (!file) return requiredMessage;
  if (file.size > DOCUMENT_MAX_BYTES) return VERIFICATION_MESSAGES.documentTooLarge;
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return VERIFICATION_MESSAGES.documentType;
  return undefined;
}

function checkFiles(files: Files, method: string | undefined): FileErrors {
  const errors: FileErrors = {};
  const dbs = checkFile(files.dbsCertificate, VERIFICATION_MESSAGES.dbsCertificateRequired);
  if (dbs) errors.dbsCertificate = dbs;
  if (method === 'passport') {
    const passport = checkFile(files.rightToWorkDocument, VERIFICATION_MESSAGES.passportScanRequired);
    if (passport) errors.rightToWorkDocument = passport;
  }
  const photo = checkFile(files.photoId, VERIFICATION_MESSAGES.photoIdRequired);
  if (photo) errors.photoId = photo;
  return errors;
}

/** react-hook-form's message for a path such as 'references.1.contact'. */
function messageAt(errors: FieldErrors<VerificationFormValues>, field: string): string | undefined {
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

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function Field({
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

function FileField({
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

function Fieldset({
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

/**
 * The carer's checks: DBS certificate, right to work, photo ID and two references,
 * checked with the server's own schema; scans are sent as multipart form data.
 */
export function VerificationForm({ onDone }: { onDone: (submitted: boolean) => void }) {
  const submit = useSubmitVerification();
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const alertId = useId();
  const form = useForm<VerificationFormValues, unknown, VerificationInput>({
    resolver: zodResolver(VerificationInput),
    defaultValues: EMPTY_VALUES,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: 'rightToWorkMethod' });

  useEffect(() => {
    document.getElementById(fieldId('dbsLevel'))?.focus();
  }, []);

  const setFile = (field: VerificationFileField, file: File | undefined) => {
    setFiles((current) => ({ ...current, [field]: file }));
    if (fileErrors[field]) {
      setFileErrors((current) => ({ ...current, [field]: checkFile(file, current[field] ?? '') }));
    }
  };

  /** Focuses the first field, in page order, that has a message. */
  const focusFirst = (hasMessage: (field: string) => boolean) => {
    for (const field of FOCUS_ORDER) {
      if (!hasMessage(field)) continue;
      const target = document.querySelector<HTMLElement>(
        `input#${fieldId(field)}, select#${fieldId(field)}, [name="${field}"]`,
      );
      if (!target) continue;
      target.focus();
      return;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    setAlert(null);
    const scanErrors = checkFiles(files, form.getValues('rightToWorkMethod'));
    setFileErrors(scanErrors);
    void form.handleSubmit(
      (input) => {
        if (Object.keys(scanErrors).length > 0) {
          focusFirst((field) => Boolean(scanErrors[field as VerificationFileField]));
          return;
        }
        const sent: Files = { dbsCertificate: files.dbsCertificate, photoId: files.photoId };
        if (input.rightToWorkMethod === 'passport') sent.rightToWorkDocument = files.rightToWorkDocument;
        submit.mutate(
          { input, files: sent },
          {
            onSuccess: (verification) => {
              toast({
                title: VERIFICATION_MESSAGES.submittedTitle,
                description: VERIFICATION_MESSAGES.submittedBody,
              });
              onDone(true);
              submit.store(verification);
            },
            onError: (error) => {
              const message = errorMessage(error, VERIFICATION_MESSAGES.submitFailedFallback);
              toast({
                variant: 'destructive',
                title: VERIFICATION_MESSAGES.submitFailedTitle,
                description: message,
              });
              const perField = fieldErrors(error);
              const serverScanErrors: FileErrors = {};
              for (const field of ['dbsCertificate', 'rightToWorkDocument', 'photoId'] as const) {
                if (perField[field]) serverScanErrors[field] = perField[field];
              }
              setFileErrors(serverScanErrors);
              let placed = Object.keys(serverScanErrors).length > 0;
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
              if (!placed) setAlert(message);
              // Let the messages render, then take the keyboard to the first.
              setTimeout(() => focusFirst((field) => Boolean(perField[field])), 0);
            },
          },
        );
      },
      (invalid) =>
        focusFirst((field) =>
          Boolean(scanErrors[field as VerificationFileField] ?? messageAt(invalid, field)),
        ),
    )(event);
  };

  const errorOf = (field: Path<VerificationFormValues>) => {
    const message = messageAt(errors, field);
    // A union's first branch answers for it in the resolver ('expected boolean'): say it plainly.
    if (message && field === 'dbsUpdateService' && errors.dbsUpdateService?.type !== 'server') {
      return VERIFICATION_MESSAGES.dbsUpdateServiceRequired;
    }
    return message;
  };
  const textProps = (field: (typeof TEXT_FIELDS)[number], hint = false) => {
    const id = fieldId(field);
    const error = errorOf(field);
    return {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    };
  };

  const updateServiceError = errorOf('dbsUpdateService');
  const methodError = errorOf('rightToWorkMethod');
  const referencesError = errorOf('references');

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-describedby={alert ? alertId : undefined}
      className="grid gap-6"
    >
      <p className="text-sm text-muted-foreground">
        Every field is needed. Your documents are private: only CareMatch admins can open them.
      </p>

      <Fieldset legend="DBS certificate">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field="dbsLevel" label="DBS check level" error={errorOf('dbsLevel')}>
            <Select {...textProps('dbsLevel')} {...form.register('dbsLevel')}>
              <option value="">Select the level</option>
              {DBS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            field="dbsWorkforce"
            label="Workforce on the certificate"
            hint="Whose barred list was checked, if any: adults, children or both."
            error={errorOf('dbsWorkforce')}
          >
            <Select {...textProps('dbsWorkforce', true)} {...form.register('dbsWorkforce')}>
              <option value="">Select the workforce</option>
              {DBS_WORKFORCES.map((workforce) => (
                <option key={workforce} value={workforce}>
                  {DBS_WORKFORCE_LABELS[workforce]}
                </option>
              ))}
            </Select>
          </Field>
          <Field field="dbsIssueDate" label="Issue date" error={errorOf('dbsIssueDate')}>
            <Input
              type="date"
              min="2002-01-01"
              {...textProps('dbsIssueDate')}
              {...form.register('dbsIssueDate')}
            />
          </Field>
          <Field
            field="dbsCertificateNumber"
            label="Certificate number"
            hint="The 12 digits at the top of your certificate."
            error={errorOf('dbsCertificateNumber')}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              {...textProps('dbsCertificateNumber', true)}
              {...form.register('dbsCertificateNumber')}
            />
          </Field>
          <fieldset
            className="grid content-start gap-2"
            aria-describedby={updateServiceError ? `${fieldId('dbsUpdateService')}-error` : undefined}
          >
            <legend className="mb-2 text-sm leading-none font-medium">On the DBS Update Service?</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(['true', 'false'] as const).map((value, index) => (
                <label key={value} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={value}
                    id={index === 0 ? fieldId('dbsUpdateService') : undefined}
                    className="size-4 accent-primary"
                    aria-invalid={updateServiceError ? true : undefined}
                    {...form.register('dbsUpdateService')}
                  />
                  {value === 'true' ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
            {updateServiceError ? (
              <FieldError id={`${fieldId('dbsUpdateService')}-error`}>{updateServiceError}</FieldError>
            ) : null}
          </fieldset>
        </div>
        <FileField
          field="dbsCertificate"
          label="Scan or photo of your DBS certificate"
          error={fileErrors.dbsCertificate}
          onChange={setFile}
        />
      </Fieldset>

      <Fieldset legend="Right to work in the UK">
        <fieldset
          className="grid gap-2"
          aria-describedby={methodError ? `${fieldId('rightToWorkMethod')}-error` : undefined}
        >
          <legend className="mb-2 text-sm leading-none font-medium">
            How do you prove your right to work?
          </legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {RIGHT_TO_WORK_METHODS.map((value, index) => (
              <label key={value} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={value}
                  id={index === 0 ? fieldId('rightToWorkMethod') : undefined}
                  className="size-4 accent-primary"
                  aria-invalid={methodError ? true : undefined}
                  {...form.register('rightToWorkMethod')}
                />
                {RIGHT_TO_WORK_LABELS[value]}
              </label>
            ))}
          </div>
          {methodError ? (
            <FieldError id={`${fieldId('rightToWorkMethod')}-error`}>{methodError}</FieldError>
          ) : null}
        </fieldset>
        {method === 'share_code' ? (
          <Field
            field="rightToWorkShareCode"
            label="Share code"
            hint="The 9-character code from GOV.UK ‘Prove your right to work’, like W12 345 67X."
            error={errorOf('rightToWorkShareCode')}
          >
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={14}
              className="sm:max-w-xs"
              {...textProps('rightToWorkShareCode', true)}
              {...form.register('rightToWorkShareCode')}
            />
          </Field>
        ) : null}
        {method === 'share_code' ? (
          <Field
            field="rightToWorkExpiresOn"
            label="Permission ends on (if time-limited)"
            hint="Leave empty if your permission to work has no end date. We check it again before it ends."
            error={errorOf('rightToWorkExpiresOn')}
          >
            <Input
              type="date"
              className="sm:max-w-xs"
              {...textProps('rightToWorkExpiresOn', true)}
              {...form.register('rightToWorkExpiresOn')}
            />
          </Field>
        ) : null}
        {method === 'passport' ? (
          <FileField
            field="rightToWorkDocument"
            label="Scan or photo of your passport’s photo page"
            error={fileErrors.rightToWorkDocument}
            onChange={setFile}
          />
        ) : null}
      </Fieldset>

      <Fieldset legend="Photo ID">
        <FileField
          field="photoId"
          label="Passport or driving licence"
          error={fileErrors.photoId}
          onChange={setFile}
        />
      </Fieldset>

      <Fieldset legend="References">
        <p className="text-sm text-muted-foreground">
          Two people who know your work or character, not family members.
        </p>
        {referencesError ? <FieldError id={fieldId('references')}>{referencesError}</FieldError> : null}
        <div className="grid gap-4 lg:grid-cols-2">
          {REFERENCE_INDEXES.map((index) => (
            <fieldset key={index} className="grid content-start gap-3 rounded-md bg-muted/50 p-3">
              <legend className="text-sm font-semibold">{`Reference ${index + 1}`}</legend>
              <Field
                field={`references.${index}.name`}
                label="Name"
                error={errorOf(`references.${index}.name`)}
              >
                <Input
                  autoComplete="off"
                  {...textProps(`references.${index}.name`)}
                  {...form.register(`references.${index}.name`)}
                />
              </Field>
              <Field
                field={`references.${index}.relationship`}
                label="How you know them"
                error={errorOf(`references.${index}.relationship`)}
              >
                <Input
                  autoComplete="off"
                  {...textProps(`references.${index}.relationship`)}
                  {...form.register(`references.${index}.relationship`)}
                />
              </Field>
              <Field
                field={`references.${index}.contact`}
                label="Email or UK phone number"
                error={errorOf(`references.${index}.contact`)}
              >
                <Input
                  autoComplete="off"
                  {...textProps(`references.${index}.contact`)}
                  {...form.register(`references.${index}.contact`)}
                />
              </Field>
            </fieldset>
          ))}
        </div>
      </Fieldset>

      {alert ? (
        <Alert id={alertId} variant="destructive" role="alert">
          {alert}
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" aria-disabled={submit.isPending || undefined}>
          {submit.isPending ? (
            <>
              <Spinner />
              Submitting...
            </>
          ) : (
            'Submit Checks'
          )}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={submit.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
