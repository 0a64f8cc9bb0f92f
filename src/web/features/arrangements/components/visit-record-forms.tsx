import { useId, useRef, useState, type FormEvent } from 'react';
import { ClipboardPen, LogIn, LogOut } from 'lucide-react';
import type { Visit } from '@contracts/arrangements';
import { RECORDED_REASON_MAX, VISIT_NOTE_MAX, type VisitRecord } from '@contracts/visit-records';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { useVisitRecordStep, type CheckOutValues } from '../api/visit-records-api';

/** '09:02': an instant as a UK clock shows it. */
export function ukClock(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}

/** 'Checked in 09:02, out 11:05 (recorded afterwards)': what the carer recorded, in words. */
export function describeRecord(
  visit: Pick<VisitRecord, 'checkedInAt' | 'checkedOutAt' | 'recordedAfterwards'>,
): string | null {
  if (!visit.checkedInAt) return null;
  const times = visit.checkedOutAt
    ? `Arrived ${ukClock(visit.checkedInAt)}, left ${ukClock(visit.checkedOutAt)}`
    : `Checked in at ${ukClock(visit.checkedInAt)}`;
  return visit.recordedAfterwards ? `${times} (recorded afterwards)` : times;
}

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) });

/**
 * The note for the family: free text, and the quick ticks the family set for the arrangement.
 * Ticks are prompts ("Medication prompted"), never a record of giving medicines.
 */
export function NoteFields({
  idPrefix,
  ticks,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  ticks: string[];
  value: CheckOutValues;
  onChange: (value: CheckOutValues) => void;
  errors: Record<string, string>;
}) {
  const noteId = `${idPrefix}-note`;
  return (
    <div className="grid gap-3">
      {ticks.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What was done</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {ticks.map((tick) => (
              <label key={tick} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={value.ticks.includes(tick)}
                  onChange={(event) =>
                    onChange({
                      ...value,
                      ticks: event.target.checked
                        ? [...value.ticks, tick]
                        : value.ticks.filter((item) => item !== tick),
                    })
                  }
                />
                {tick}
              </label>
            ))}
          </div>
          {errors.ticks ? <FieldError id={`${idPrefix}-ticks-error`}>{errors.ticks}</FieldError> : null}
        </fieldset>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={noteId}>Note for the family (optional)</Label>
        <p id={`${noteId}-hint`} className="text-sm text-muted-foreground">
          What you did, how they seemed, anything to follow up.
        </p>
        <Textarea
          id={noteId}
          rows={4}
          maxLength={VISIT_NOTE_MAX}
          value={value.note}
          aria-describedby={[`${noteId}-hint`, errors.note ? `${noteId}-error` : '']
            .filter(Boolean)
            .join(' ')}
          aria-invalid={errors.note ? true : undefined}
          onChange={(event) => onChange({ ...value, note: event.target.value })}
        />
        {errors.note ? <FieldError id={`${noteId}-error`}>{errors.note}</FieldError> : null}
      </div>
    </div>
  );
}

/**
 * The carer's buttons on a visit of the agenda: "Check in" (one tap, the time only), then
 * "Check out", which opens the note with the ticks. `onDone` puts the keyboard back afterwards.
 */
export function CheckInOut({
  visit,
  ticks,
  label,
  canCheckIn,
  canCheckOut,
  onDone,
}: {
  visit: Visit;
  ticks: string[];
  label: string;
  canCheckIn: boolean;
  canCheckOut: boolean;
  onDone: () => void;
}) {
  const step = useVisitRecordStep(visit.id);
  const [writing, setWriting] = useState(false);
  const [values, setValues] = useState<CheckOutValues>({ note: '', ticks: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idPrefix = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);

  const checkIn = () =>
    step.mutate(
      { step: 'checkIn' },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Checked In',
            description: `At ${ukClock(saved.checkedInAt!)}. The family can see it.`,
          });
          onDone();
        },
        onError: (error) => failed(error, 'You could not be checked in. Please try again.'),
      },
    );

  const checkOut = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    step.mutate(
      { step: 'checkOut', body: { note: values.note.trim(), ticks: values.ticks } },
      {
        onSuccess: (saved) => {
          setWriting(false);
          toast({
            title: 'Checked Out',
            description: saved.note
              ? `At ${ukClock(saved.checkedOutAt!)}. ${visit.partnerName} can read your note.`
              : `At ${ukClock(saved.checkedOutAt!)}.`,
          });
          onDone();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          failed(error, 'You could not be checked out. Please try again.');
        },
      },
    );
  };

  if (canCheckIn) {
    return (
      <div>
        <Button
          size="sm"
          aria-label={`Check in to the visit ${label}`}
          aria-disabled={step.isPending || undefined}
          onClick={checkIn}
        >
          {step.isPending ? <Spinner /> : <LogIn aria-hidden="true" />}
          Check in
        </Button>
      </div>
    );
  }
  if (!canCheckOut) return null;
  if (!writing) {
    return (
      <div>
        <Button
          size="sm"
          aria-label={`Check out of the visit ${label}`}
          onClick={() => {
            setWriting(true);
            requestAnimationFrame(() =>
              formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus(),
            );
          }}
        >
          <LogOut aria-hidden="true" />
          Check out
        </Button>
      </div>
    );
  }
  return (
    <form
      ref={formRef}
      onSubmit={checkOut}
      aria-label={`Check out of the visit ${label}`}
      className="grid gap-3 rounded-md border border-border p-3"
      noValidate
    >
      <NoteFields idPrefix={idPrefix} ticks={ticks} value={values} onChange={setValues} errors={errors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" aria-disabled={step.isPending || undefined}>
          {step.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          Check out
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setWriting(false)}>
          Not yet
        </Button>
      </div>
    </form>
  );
}

/** "Record afterwards": a visit not checked into, with the real times, why, and the note. */
export function RecordAfterwardsDialog({
  visit,
  ticks,
  label,
  onDone,
}: {
  visit: Pick<VisitRecord, 'id' | 'date' | 'start' | 'end'>;
  ticks: string[];
  label: string;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const step = useVisitRecordStep(visit.id);
  const idPrefix = useId().replace(/:/g, '');
  const [times, setTimes] = useState({ date: visit.date, arrived: visit.start, left: visit.end, reason: '' });
  const [note, setNote] = useState<CheckOutValues>({ note: '', ticks: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    step.mutate(
      {
        step: 'record',
        body: { ...times, reason: times.reason.trim(), note: note.note.trim(), ticks: note.ticks },
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Visit Recorded', description: 'The family sees it as recorded afterwards.' });
          onDone?.();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          setAlert(errorMessage(error, 'The visit could not be recorded. Please try again.'));
        },
      },
    );
  };

  const field = (name: 'date' | 'arrived' | 'left', text: string, type: 'date' | 'time') => {
    const id = `${idPrefix}-${name}`;
    return (
      <div className="grid content-start gap-1.5">
        <Label htmlFor={id}>{text}</Label>
        <Input
          id={id}
          type={type}
          required
          value={times[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
          onChange={(event) => setTimes({ ...times, [name]: event.target.value })}
        />
        {errors[name] ? <FieldError id={`${id}-error`}>{errors[name]}</FieldError> : null}
      </div>
    );
  };
  const reasonId = `${idPrefix}-reason`;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (step.isPending) return;
        setAlert(null);
        setOpen(next);
      }}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Record the visit ${label} afterwards`}>
          <ClipboardPen aria-hidden="true" />
          Record afterwards
        </Button>
      }
      title="Record a visit afterwards"
      description={`The visit ${label}. Enter the times you were there (UK time) and why you did not check in; the family sees it as recorded afterwards.`}
      className="max-w-xl"
    >
      <form onSubmit={save} className="mt-2 grid gap-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-3">
          {field('date', 'Date', 'date')}
          {field('arrived', 'Arrived', 'time')}
          {field('left', 'Left', 'time')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={reasonId}>Why it is recorded afterwards</Label>
          <Input
            id={reasonId}
            required
            maxLength={RECORDED_REASON_MAX}
            value={times.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            onChange={(event) => setTimes({ ...times, reason: event.target.value })}
          />
          {errors.reason ? <FieldError id={`${reasonId}-error`}>{errors.reason}</FieldError> : null}
        </div>
        <NoteFields idPrefix={idPrefix} ticks={ticks} value={note} onChange={setNote} errors={errors} />
        <div role="alert" aria-atomic="true">
          {alert ? (
            <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
              {alert}
            </p>
          ) : null}
        </div>
        <DialogButtons submitLabel="Record visit" pendingLabel="Record visit" pending={step.isPending} />
      </form>
    </FormDialog>
  );
}
