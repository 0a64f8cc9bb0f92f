import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { schemaResolver } from '@web/lib/schema-resolver';
import {
  VERIFICATION_MESSAGES,
  VerificationInput,
  type VerificationFileField,
} from '@contracts/verification';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { useSubmitVerification } from '../../api/verification';
import { DbsSection } from './dbs-section';
import { checkFile, checkFiles, filesToSend, type FileErrors, type Files } from './documents';
import { describedBy, fieldId, messageAt, type FormKit } from './fields';
import { PhotoIdSection } from './photo-id-section';
import { ReferencesSection } from './references-section';
import { RightToWorkSection } from './right-to-work-section';
import { placeServerErrors } from './server-errors';
import { EMPTY_VALUES, FOCUS_ORDER, type TextField, type VerificationFieldValues } from './values';

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
  const form = useForm<VerificationFieldValues, unknown, VerificationInput>({
    resolver: schemaResolver<VerificationFieldValues, VerificationInput>(VerificationInput),
    defaultValues: EMPTY_VALUES,
    shouldFocusError: false,
  });
  const { errors } = form.formState;

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
        submit.mutate(
          { input, files: filesToSend(files, input.rightToWorkMethod) },
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
              const placing = placeServerErrors(perField, form);
              setFileErrors(placing.scanErrors);
              if (!placing.placed) setAlert(message);
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

  const errorOf = (field: Path<VerificationFieldValues>) => {
    const message = messageAt(errors, field);
    // A union's first branch answers for it in the resolver ('expected boolean'): say it plainly.
    if (message && field === 'dbsUpdateService' && errors.dbsUpdateService?.type !== 'server') {
      return VERIFICATION_MESSAGES.dbsUpdateServiceRequired;
    }
    return message;
  };
  const textProps = (field: TextField, hint = false) => {
    const id = fieldId(field);
    const error = errorOf(field);
    return {
      id,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    };
  };
  const kit: FormKit = { form, errorOf, textProps, fileErrors, setFile };

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

      <DbsSection kit={kit} />
      <RightToWorkSection kit={kit} />
      <PhotoIdSection kit={kit} />
      <ReferencesSection kit={kit} />

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
