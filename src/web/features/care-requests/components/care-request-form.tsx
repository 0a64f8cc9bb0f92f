import type { ReactNode } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { availabilityTagsOf, EMPTY_WEEK } from '@contracts/availability';
import {
  CARE_RECIPIENTS,
  CARE_REQUEST_DESCRIPTION_MAX,
  CARE_REQUEST_DESCRIPTION_MIN,
  CARE_REQUEST_HOURS_MAX,
  CARE_REQUEST_MESSAGES,
  CareRequestInput,
  type CareRequestFormValues,
  type OwnCareRequest,
} from '@contracts/care-requests';
import { SPECIALIZATIONS } from '@contracts/options';
import { schemaResolver, type WithBlankChoices } from '@web/lib/schema-resolver';
import { AvailabilityGridField } from '@web/components/availability-grid';
import { CARE_REQUEST_LABELS, todayInUK } from '@web/features/care-requests/components/care-request-format';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api-client';
import { useSendOnce } from '@web/lib/use-send-once';
import { cn } from '@web/lib/utils';

/** The fields in the order they are shown, which is also the order errors are focused in. */
export const CARE_REQUEST_FIELDS = [
  'recipient',
  'careType',
  'postcode',
  'startDate',
  'pattern',
  'hoursPerWeek',
  'budgetMin',
  'budgetMax',
  'description',
] as const satisfies readonly (keyof CareRequestFormValues)[];
type Field = (typeof CARE_REQUEST_FIELDS)[number];
/** As react-hook-form focuses them: the week's first checkbox stands for the week. */
const FOCUS_ORDER = CARE_REQUEST_FIELDS.map((field) => (field === 'pattern' ? 'pattern.slots' : field));

/** The form's fields as they hold them. */
export type CareRequestFields = WithBlankChoices<CareRequestFormValues, 'recipient' | 'careType'>;

export const EMPTY_CARE_REQUEST: CareRequestFields = {
  // The selects start on their "Select…" option; zod answers with the message if left there.
  recipient: '',
  careType: '',
  postcode: '',
  startDate: '',
  pattern: { ...EMPTY_WEEK, slots: [] },
  hoursPerWeek: '',
  budgetMin: '',
  budgetMax: '',
  description: '',
};

function oneOf<T extends string>(options: readonly T[], value: string): value is T {
  return (options as readonly string[]).includes(value);
}

/** An open request's values, for its edit form. */
export function requestToFormValues(request: OwnCareRequest): CareRequestFields {
  return {
    recipient: oneOf(CARE_RECIPIENTS, request.recipient) ? request.recipient : EMPTY_CARE_REQUEST.recipient,
    careType: oneOf(SPECIALIZATIONS, request.careType) ? request.careType : EMPTY_CARE_REQUEST.careType,
    postcode: request.postcode,
    startDate: request.startDate,
    pattern: { ...EMPTY_WEEK, ...request.pattern, slots: [...request.pattern.slots] },
    hoursPerWeek: String(request.hoursPerWeek),
    budgetMin: request.budgetMin,
    budgetMax: request.budgetMax,
    description: request.description,
  };
}

/**
 * The contract's schema, plus its two cross-field rules (budget order, an empty week) checked even
 * while another field is wrong: zod runs those only once every field parses, and a person should
 * see every problem at once.
 */
const checkSchema = schemaResolver<CareRequestFields, CareRequestInput>(CareRequestInput);
const resolver: Resolver<CareRequestFields, unknown, CareRequestInput> = async (values, context, options) => {
  const result = await checkSchema(values, context, options);
  const errors = { ...result.errors };
  const week = { ...EMPTY_WEEK, ...values.pattern, slots: values.pattern?.slots ?? [] };
  if (!errors.pattern && availabilityTagsOf(week).length === 0) {
    errors.pattern = { type: 'custom', message: CARE_REQUEST_MESSAGES.patternRequired };
  }
  const [min, max] = [Number(values.budgetMin), Number(values.budgetMax)];
  if (
    !errors.budgetMin &&
    !errors.budgetMax &&
    values.budgetMin !== '' &&
    values.budgetMax !== '' &&
    min > max
  ) {
    errors.budgetMax = { type: 'custom', message: CARE_REQUEST_MESSAGES.budgetOrder };
  }
  if (Object.keys(errors).length === 0) return result;
  return { values: {}, errors };
};

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

function FieldFrame({
  id,
  label,
  hint,
  error,
  after,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  after?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {after}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** Splits a refused save between the fields (beside them) and the form's own message. */
function applyServerErrors(
  form: UseFormReturn<CareRequestFields, unknown, CareRequestInput>,
  error: unknown,
) {
  const details = error instanceof ApiError ? error : null;
  const messages = details?.fieldErrors ?? {};
  let first: Field | undefined;
  for (const field of CARE_REQUEST_FIELDS) {
    const message = messages[field];
    if (!message) continue;
    form.setError(field, { type: 'server', message });
    first ??= field;
  }
  if (first) form.setFocus(first === 'pattern' ? 'pattern.slots' : first);
  const shownBesideField = details?.serverMessage && Object.values(messages).includes(details.serverMessage);
  return shownBesideField
    ? null
    : (details?.serverMessage ?? 'Your care request could not be saved. Please try again.');
}

type CareRequestFormProps = {
  /** Keeps ids unique when two forms share the page ('new', 'edit-<id>'). */
  idPrefix: string;
  defaultValues: CareRequestFields;
  submitLabel: string;
  pendingLabel: string;
  busy: boolean;
  /** Saves; rejects with the API's error, which is then shown beside its fields. */
  onSave: (input: CareRequestInput) => Promise<unknown>;
  /** The form's own message (one that belongs to no field), or null. */
  alert: string | null;
  onAlert: (message: string | null) => void;
  /** After a successful save: the form is reset to `defaultValues`. */
  onSaved?: () => void;
  onCancel?: () => void;
};

/** A family's care request: who, what, where, from when, which week, how long, budget and needs. */
export function CareRequestForm({
  idPrefix,
  defaultValues,
  submitLabel,
  pendingLabel,
  busy: saving,
  onSave,
  alert,
  onAlert,
  onSaved,
  onCancel,
}: CareRequestFormProps) {
  const form = useForm<CareRequestFields, unknown, CareRequestInput>({
    resolver,
    defaultValues,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' });
  const id = (field: Field) => `${idPrefix}-${field}`;
  const errorOf = (field: Field): string | undefined =>
    field === 'pattern'
      ? (errors.pattern?.message ?? errors.pattern?.slots?.message ?? errors.pattern?.root?.message)
      : errors[field]?.message;
  const invalid = (field: Field) => (errorOf(field) ? true : undefined);
  const errorId = (field: Field) => (errorOf(field) ? `${id(field)}-error` : undefined);
  const hintId = (field: Field) => `${id(field)}-hint`;

  const { sending, sendOnce } = useSendOnce();
  const busy = saving || sending;
  const onSubmit = form.handleSubmit(
    async (input) => {
      onAlert(null);
      try {
        await onSave(input);
      } catch (error) {
        onAlert(applyServerErrors(form, error));
        return;
      }
      form.reset(defaultValues);
      onSaved?.();
    },
    (found) => {
      const first = FOCUS_ORDER.find((field) => field.split('.')[0]! in found);
      if (first) form.setFocus(first);
    },
  );

  const descriptionLength = (description ?? '').trim().length;
  const countId = `${id('description')}-count`;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Checked and sent once, however many times it is submitted meanwhile (decision 0033).
        event.preventDefault();
        void sendOnce(() => onSubmit(event));
      }}
      className="grid gap-6 [&_:is(input,select,textarea)]:scroll-mt-28"
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <FieldFrame id={id('recipient')} label={CARE_REQUEST_LABELS.recipient} error={errorOf('recipient')}>
          <Select
            id={id('recipient')}
            aria-invalid={invalid('recipient')}
            aria-describedby={errorId('recipient')}
            {...form.register('recipient')}
          >
            <option value="">Select who needs care</option>
            {CARE_RECIPIENTS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FieldFrame>
        <FieldFrame id={id('careType')} label={CARE_REQUEST_LABELS.careType} error={errorOf('careType')}>
          <Select
            id={id('careType')}
            aria-invalid={invalid('careType')}
            aria-describedby={errorId('careType')}
            {...form.register('careType')}
          >
            <option value="">Select the type of care</option>
            {SPECIALIZATIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FieldFrame>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <FieldFrame
          id={id('postcode')}
          label={CARE_REQUEST_LABELS.postcode}
          hint={CARE_REQUEST_LABELS.postcodeHint}
          error={errorOf('postcode')}
        >
          <Input
            id={id('postcode')}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            className="sm:max-w-48"
            aria-invalid={invalid('postcode')}
            aria-describedby={describedBy(hintId('postcode'), errorId('postcode'))}
            {...form.register('postcode')}
          />
        </FieldFrame>
        <FieldFrame
          id={id('startDate')}
          label={CARE_REQUEST_LABELS.startDate}
          hint="The first day care is needed."
          error={errorOf('startDate')}
        >
          <Input
            id={id('startDate')}
            type="date"
            min={todayInUK()}
            className="sm:max-w-48"
            aria-invalid={invalid('startDate')}
            aria-describedby={describedBy(hintId('startDate'), errorId('startDate'))}
            {...form.register('startDate')}
          />
        </FieldFrame>
      </div>

      <AvailabilityGridField
        register={(part) => form.register(`pattern.${part}`)}
        idPrefix={id('pattern')}
        legend={CARE_REQUEST_LABELS.pattern}
        hint={CARE_REQUEST_LABELS.patternHint}
        caption={CARE_REQUEST_LABELS.patternCaption}
        error={errorOf('pattern')}
      />

      <FieldFrame
        id={id('hoursPerWeek')}
        label={CARE_REQUEST_LABELS.hoursPerWeek}
        hint={`Roughly, from 1 to ${CARE_REQUEST_HOURS_MAX}.`}
        error={errorOf('hoursPerWeek')}
      >
        <Input
          id={id('hoursPerWeek')}
          type="number"
          inputMode="numeric"
          min={1}
          max={CARE_REQUEST_HOURS_MAX}
          step={1}
          className="sm:max-w-48"
          aria-invalid={invalid('hoursPerWeek')}
          aria-describedby={describedBy(hintId('hoursPerWeek'), errorId('hoursPerWeek'))}
          {...form.register('hoursPerWeek')}
        />
      </FieldFrame>

      <div className="grid gap-2">
        <div className="grid gap-6 sm:grid-cols-2">
          {(['budgetMin', 'budgetMax'] as const).map((field) => (
            <FieldFrame key={field} id={id(field)} label={CARE_REQUEST_LABELS[field]} error={errorOf(field)}>
              <div className="relative sm:max-w-48">
                {/* The label already says pounds; the prefix is a visual cue only. */}
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
                >
                  £
                </span>
                <Input
                  id={id(field)}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min={5}
                  max={500}
                  className="pl-7"
                  aria-invalid={invalid(field)}
                  aria-describedby={describedBy(`${idPrefix}-budget-hint`, errorId(field))}
                  {...form.register(field)}
                />
              </div>
            </FieldFrame>
          ))}
        </div>
        <p id={`${idPrefix}-budget-hint`} className="text-sm text-muted-foreground">
          {CARE_REQUEST_LABELS.budgetHint}
        </p>
      </div>

      <FieldFrame
        id={id('description')}
        label={CARE_REQUEST_LABELS.description}
        hint={CARE_REQUEST_LABELS.descriptionHint}
        error={errorOf('description')}
        after={
          <p id={countId} className="text-sm text-muted-foreground">
            {descriptionLength >= CARE_REQUEST_DESCRIPTION_MIN
              ? `${descriptionLength} of at most ${CARE_REQUEST_DESCRIPTION_MAX.toLocaleString('en-GB')} characters`
              : `${descriptionLength} of at least ${CARE_REQUEST_DESCRIPTION_MIN} characters`}
          </p>
        }
      >
        <Textarea
          id={id('description')}
          rows={5}
          maxLength={CARE_REQUEST_DESCRIPTION_MAX}
          aria-invalid={invalid('description')}
          aria-describedby={describedBy(hintId('description'), countId, errorId('description'))}
          {...form.register('description')}
        />
      </FieldFrame>

      <div role="alert" aria-atomic="true">
        {alert ? (
          <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
            {alert}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        {/* aria-disabled, not disabled, so focus stays on the button while saving. */}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? (
            <>
              <Spinner />
              {pendingLabel}
            </>
          ) : (
            submitLabel
          )}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} aria-disabled={busy || undefined}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
