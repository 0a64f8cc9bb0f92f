import { useEffect, type ReactNode } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { WEEK_DAY_LABELS, WEEK_DAYS } from '@contracts/availability';
import { ARRANGEMENT_TASKS_MAX, ARRANGEMENT_VISITS_MAX, ArrangementTerms } from '@contracts/arrangements';
import { todayInUK } from '@web/features/care-requests';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api-client';
import { schemaResolver } from '@web/lib/schema-resolver';
import { cn } from '@web/lib/utils';
import { ARRANGEMENT_LABELS, EMPTY_VISIT_ROW, type ArrangementFormValues } from './arrangement-format';

const FIELDS = ['startDate', 'visits', 'hourlyRate', 'tasks'] as const;
type Field = (typeof FIELDS)[number];
type RowField = 'day' | 'start' | 'end';

// The visit rows' day select holds '' until a day is chosen, which the schema refuses with its message.
const resolver = schemaResolver<ArrangementFormValues, ArrangementTerms>(ArrangementTerms);

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The list's own message (none, too many, overlapping), wherever the resolver put it. */
function visitsMessage(errors: FieldErrors<ArrangementFormValues>): string | undefined {
  const visits = errors.visits as
    | (FieldErrors<ArrangementFormValues>['visits'] & { message?: string; root?: { message?: string } })
    | undefined;
  return visits?.message ?? visits?.root?.message;
}

function Frame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
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

type ArrangementFormProps = {
  idPrefix: string;
  defaultValues: ArrangementFormValues;
  submitLabel: string;
  busy: boolean;
  /** Saves; rejects with the API's error, which is then shown beside its fields. */
  onSave: (terms: ArrangementTerms) => Promise<unknown>;
  alert: string | null;
  onAlert: (message: string | null) => void;
  onCancel: () => void;
  /** Fields of the caller's shown after the terms, before the buttons (the family's care details). */
  extraFields?: ReactNode;
};

/** Start date, the weekly visits (rows of day, start and end), hourly rate and tasks. */
export function ArrangementForm({
  idPrefix,
  defaultValues,
  submitLabel,
  busy,
  onSave,
  alert,
  onAlert,
  onCancel,
  extraFields,
}: ArrangementFormProps) {
  const form = useForm<ArrangementFormValues, unknown, ArrangementTerms>({
    resolver,
    defaultValues,
    shouldFocusError: false,
  });
  const rows = useFieldArray({ control: form.control, name: 'visits' });
  const { errors } = form.formState;
  const id = (field: string) => `${idPrefix}-${field}`;
  const fieldError = (field: Exclude<Field, 'visits'>) => errors[field]?.message;
  const rowError = (index: number, field: RowField) => errors.visits?.[index]?.[field]?.message;
  const listError = visitsMessage(errors);

  useEffect(() => form.setFocus('startDate'), [form]);

  /** The first field with an error takes the keyboard, in the order they are shown. */
  const focusFirst = (found: FieldErrors<ArrangementFormValues>) => {
    if (found.startDate) return form.setFocus('startDate');
    const list = found.visits;
    if (Array.isArray(list)) {
      for (const [index, row] of list.entries()) {
        const first = (['day', 'start', 'end'] as const).find((field) => row?.[field]);
        if (first) return form.setFocus(`visits.${index}.${first}`);
      }
    }
    if (list) return form.setFocus('visits.0.day');
    if (found.hourlyRate) return form.setFocus('hourlyRate');
    if (found.tasks) return form.setFocus('tasks');
  };

  const onSubmit = form.handleSubmit(async (terms) => {
    if (busy) return;
    onAlert(null);
    try {
      await onSave(terms);
    } catch (error) {
      const details = error instanceof ApiError ? error : null;
      const messages = details?.fieldErrors ?? {};
      const found: FieldErrors<ArrangementFormValues> = {};
      for (const field of FIELDS) {
        const message = messages[field];
        if (!message) continue;
        // The list's own message sits at its root (react-hook-form's place for a field array's error).
        form.setError(field === 'visits' ? ('visits.root' as 'visits') : field, { type: 'server', message });
        found[field] = { type: 'server', message };
      }
      focusFirst(found);
      const beside = details?.serverMessage && Object.values(messages).includes(details.serverMessage);
      onAlert(
        beside ? null : (details?.serverMessage ?? 'The arrangement could not be sent. Please try again.'),
      );
    }
  }, focusFirst);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <Frame
        id={id('startDate')}
        label={ARRANGEMENT_LABELS.startDate}
        hint="The first day of the first week of visits."
        error={fieldError('startDate')}
      >
        <Input
          id={id('startDate')}
          type="date"
          min={todayInUK()}
          className="sm:max-w-48"
          aria-invalid={fieldError('startDate') ? true : undefined}
          aria-describedby={describedBy(
            `${id('startDate')}-hint`,
            fieldError('startDate') && `${id('startDate')}-error`,
          )}
          {...form.register('startDate')}
        />
      </Frame>

      <fieldset
        className="grid gap-3"
        aria-describedby={describedBy(`${id('visits')}-hint`, listError && `${id('visits')}-error`)}
      >
        <legend className="text-sm leading-none font-medium">{ARRANGEMENT_LABELS.visits}</legend>
        <p id={`${id('visits')}-hint`} className="text-sm text-muted-foreground">
          {ARRANGEMENT_LABELS.visitsHint}
        </p>
        <ol className="grid gap-3">
          {rows.fields.map((row, index) => {
            const rowId = (field: RowField) => id(`visit-${index}-${field}`);
            const invalid = (field: RowField) => (rowError(index, field) ? true : undefined);
            const errorId = (field: RowField) =>
              rowError(index, field) ? `${rowId(field)}-error` : undefined;
            return (
              <li key={row.id}>
                <fieldset className="grid gap-3 rounded-md border border-border p-3">
                  <legend className="px-1 text-sm font-medium">{`Visit ${index + 1}`}</legend>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
                    <div className="grid gap-1.5">
                      <Label htmlFor={rowId('day')}>{ARRANGEMENT_LABELS.day}</Label>
                      <Select
                        id={rowId('day')}
                        aria-invalid={invalid('day')}
                        aria-describedby={errorId('day')}
                        {...form.register(`visits.${index}.day`)}
                      >
                        <option value="">Select a day</option>
                        {WEEK_DAYS.map((day) => (
                          <option key={day} value={day}>
                            {WEEK_DAY_LABELS[day]}
                          </option>
                        ))}
                      </Select>
                      {rowError(index, 'day') ? (
                        <FieldError id={`${rowId('day')}-error`}>{rowError(index, 'day') ?? ''}</FieldError>
                      ) : null}
                    </div>
                    {(['start', 'end'] as const).map((field) => (
                      <div key={field} className="grid gap-1.5">
                        <Label htmlFor={rowId(field)}>{ARRANGEMENT_LABELS[field]}</Label>
                        <Input
                          id={rowId(field)}
                          type="time"
                          step={300}
                          aria-invalid={invalid(field)}
                          aria-describedby={errorId(field)}
                          {...form.register(`visits.${index}.${field}`)}
                        />
                        {rowError(index, field) ? (
                          <FieldError id={`${rowId(field)}-error`}>{rowError(index, field) ?? ''}</FieldError>
                        ) : null}
                      </div>
                    ))}
                    {rows.fields.length > 1 ? (
                      <Button
                        type="button"
                        variant="outline"
                        className="w-fit sm:mt-6"
                        onClick={() => {
                          rows.remove(index);
                          requestAnimationFrame(() =>
                            document.getElementById(`${idPrefix}-add-visit`)?.focus(),
                          );
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                        {`Remove visit ${index + 1}`}
                      </Button>
                    ) : null}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {listError ? <FieldError id={`${id('visits')}-error`}>{listError}</FieldError> : null}
        {rows.fields.length < ARRANGEMENT_VISITS_MAX ? (
          <Button
            id={`${idPrefix}-add-visit`}
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() =>
              rows.append({ ...EMPTY_VISIT_ROW }, { focusName: `visits.${rows.fields.length}.day` })
            }
          >
            <Plus aria-hidden="true" />
            Add a visit
          </Button>
        ) : null}
      </fieldset>

      <Frame
        id={id('hourlyRate')}
        label={ARRANGEMENT_LABELS.hourlyRate}
        hint={ARRANGEMENT_LABELS.hourlyRateHint}
        error={fieldError('hourlyRate')}
      >
        <div className="relative sm:max-w-48">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
          >
            £
          </span>
          <Input
            id={id('hourlyRate')}
            inputMode="decimal"
            className="pl-7"
            aria-invalid={fieldError('hourlyRate') ? true : undefined}
            aria-describedby={describedBy(
              `${id('hourlyRate')}-hint`,
              fieldError('hourlyRate') && `${id('hourlyRate')}-error`,
            )}
            {...form.register('hourlyRate')}
          />
        </div>
      </Frame>

      <Frame
        id={id('tasks')}
        label={ARRANGEMENT_LABELS.tasks}
        hint={ARRANGEMENT_LABELS.tasksHint}
        error={fieldError('tasks')}
      >
        <Textarea
          id={id('tasks')}
          rows={4}
          maxLength={ARRANGEMENT_TASKS_MAX}
          aria-invalid={fieldError('tasks') ? true : undefined}
          aria-describedby={describedBy(`${id('tasks')}-hint`, fieldError('tasks') && `${id('tasks')}-error`)}
          {...form.register('tasks')}
        />
      </Frame>

      {extraFields}
      <div role="alert" aria-atomic="true">
        {alert ? (
          <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
            {alert}
          </p>
        ) : null}
      </div>

      <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')}>
        <Button type="button" variant="outline" onClick={onCancel} aria-disabled={busy || undefined}>
          Cancel
        </Button>
        {/* aria-disabled, not disabled, so focus stays on the button while sending. */}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? (
            <>
              <Spinner />
              Sending...
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </div>
    </form>
  );
}
