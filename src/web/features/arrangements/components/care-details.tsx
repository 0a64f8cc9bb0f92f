import { useId, useState, type FormEvent } from 'react';
import { UserRoundPen } from 'lucide-react';
import type { Arrangement } from '@contracts/arrangements';
import {
  CARE_FOR_MAX,
  CARE_NOTES_MAX,
  NOTE_TICK_SUGGESTIONS,
  NOTE_TICKS_MAX,
  type CareDetailsFormValues,
} from '@contracts/visit-records';
import { Button } from '@web/components/ui/button';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { useSetCareDetails } from '../api/visit-records-api';

/** The form's state: the ticks as the family types them, one a line. */
export interface CareDetailsDraft {
  careFor: string;
  careNotes: string;
  ticks: string;
}

export const NEW_CARE_DETAILS: CareDetailsDraft = {
  careFor: '',
  careNotes: '',
  ticks: NOTE_TICK_SUGGESTIONS.join('\n'),
};

export const careDetailsDraft = (arrangement: Arrangement): CareDetailsDraft => ({
  careFor: arrangement.careFor,
  careNotes: arrangement.careNotes,
  ticks: arrangement.noteTicks.join('\n'),
});

/** What is sent: blank lines of the ticks dropped. */
export function careDetailsOf(draft: CareDetailsDraft): Required<CareDetailsFormValues> {
  return {
    careFor: draft.careFor.trim(),
    careNotes: draft.careNotes.trim(),
    noteTicks: draft.ticks
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/** Who the care is for, the notes the carer needs and the quick ticks for visit notes. */
export function CareDetailsFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: CareDetailsDraft;
  onChange: (value: CareDetailsDraft) => void;
  errors: Record<string, string>;
}) {
  const ids = {
    careFor: `${idPrefix}-care-for`,
    careNotes: `${idPrefix}-care-notes`,
    ticks: `${idPrefix}-ticks`,
  };
  const describedBy = (key: keyof typeof ids, error: string | undefined) =>
    [`${ids[key]}-hint`, error ? `${ids[key]}-error` : ''].filter(Boolean).join(' ');
  const ticksError =
    errors.noteTicks ?? Object.entries(errors).find(([key]) => key.startsWith('noteTicks'))?.[1];
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.careFor}>Who the care is for</Label>
        <p id={`${ids.careFor}-hint`} className="text-sm text-muted-foreground">
          For example “Dad — Arthur”.
        </p>
        <Input
          id={ids.careFor}
          maxLength={CARE_FOR_MAX}
          value={value.careFor}
          aria-describedby={describedBy('careFor', errors.careFor)}
          aria-invalid={errors.careFor ? true : undefined}
          onChange={(event) => onChange({ ...value, careFor: event.target.value })}
        />
        {errors.careFor ? <FieldError id={`${ids.careFor}-error`}>{errors.careFor}</FieldError> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.careNotes}>Notes the carer needs</Label>
        <p id={`${ids.careNotes}-hint`} className="text-sm text-muted-foreground">
          Access (a key safe, the door to use), pets, allergies.
        </p>
        <Textarea
          id={ids.careNotes}
          rows={3}
          maxLength={CARE_NOTES_MAX}
          value={value.careNotes}
          aria-describedby={describedBy('careNotes', errors.careNotes)}
          aria-invalid={errors.careNotes ? true : undefined}
          onChange={(event) => onChange({ ...value, careNotes: event.target.value })}
        />
        {errors.careNotes ? <FieldError id={`${ids.careNotes}-error`}>{errors.careNotes}</FieldError> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.ticks}>Quick ticks for visit notes</Label>
        <p id={`${ids.ticks}-hint`} className="text-sm text-muted-foreground">
          {`One short label a line, up to ${NOTE_TICKS_MAX}: the carer ticks what was done at each visit. “Medication prompted” is a reminder only: CareMatch never records giving medicines.`}
        </p>
        <Textarea
          id={ids.ticks}
          rows={4}
          value={value.ticks}
          aria-describedby={describedBy('ticks', ticksError)}
          aria-invalid={ticksError ? true : undefined}
          onChange={(event) => onChange({ ...value, ticks: event.target.value })}
        />
        {ticksError ? <FieldError id={`${ids.ticks}-error`}>{ticksError}</FieldError> : null}
      </div>
    </div>
  );
}

/** The family changes the care details of an arrangement at any time; the carer sees them. */
export function CareDetailsDialog({
  arrangement,
  focusAfter,
}: {
  arrangement: Arrangement;
  focusAfter: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => careDetailsDraft(arrangement));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSetCareDetails(arrangement.id);
  const idPrefix = useId().replace(/:/g, '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    save.mutate(careDetailsOf(draft), {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Care Details Saved', description: `${arrangement.partnerName} can see them.` });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        setAlert(errorMessage(error, 'The care details could not be saved. Please try again.'));
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        if (next) setDraft(careDetailsDraft(arrangement));
        setErrors({});
        setAlert(null);
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <UserRoundPen aria-hidden="true" />
          Care details
        </Button>
      }
      title="Care details"
      description={`${arrangement.partnerName} sees these with the arrangement.`}
      className="max-w-xl"
      onCloseAutoFocus={(event) => {
        const target = focusAfter();
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
    >
      <form onSubmit={submit} className="mt-2 grid gap-4" noValidate>
        <CareDetailsFields idPrefix={idPrefix} value={draft} onChange={setDraft} errors={errors} />
        <div role="alert" aria-atomic="true">
          {alert ? (
            <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
              {alert}
            </p>
          ) : null}
        </div>
        <DialogButtons
          submitLabel="Save care details"
          pendingLabel="Save care details"
          pending={save.isPending}
        />
      </form>
    </FormDialog>
  );
}
