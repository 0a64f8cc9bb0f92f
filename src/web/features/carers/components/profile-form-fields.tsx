import type { ReactNode } from 'react';
import {
  useWatch,
  type FieldError as HookFieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import {
  CarerProfileInput,
  RATE_MAX_POUNDS,
  RATE_MIN_POUNDS,
  type CarerProfileFormValues,
  type OwnCarerProfile,
} from '@contracts/carers';
import { CARER_DESCRIPTION_MIN_LENGTH } from '@contracts/limits';
import { AVAILABILITY_OPTIONS, EXPERIENCE_LEVELS, QUALIFICATIONS, SPECIALIZATIONS } from '@contracts/options';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { FieldError } from '@web/components/ui/text-field';
import { cn } from '@web/lib/utils';

/** The profile fields in the order they are shown, which is also the order errors are focused in. */
export const PROFILE_FIELDS = CarerProfileInput.keyof().options;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Visible labels; tests and the view mode of the dashboard use the same words. */
export const PROFILE_LABELS = {
  specialization: 'Care specialization',
  experience: 'Years of experience',
  location: 'Location',
  hourlyRateMin: 'Minimum hourly rate',
  hourlyRateMax: 'Maximum hourly rate',
  description: 'Description',
  qualifications: 'Qualifications',
  availability: 'Availability',
} as const satisfies Record<ProfileField, string>;

export const EMPTY_PROFILE_VALUES: CarerProfileFormValues = {
  // The selects start on their "Select…" option; zod answers with the SPEC message if left there.
  specialization: '' as CarerProfileFormValues['specialization'],
  experience: '' as CarerProfileFormValues['experience'],
  location: '',
  hourlyRateMin: '',
  hourlyRateMax: '',
  description: '',
  qualifications: [],
  availability: [],
};

function oneOf<T extends string>(options: readonly T[], value: string): value is T {
  return (options as readonly string[]).includes(value);
}

/**
 * The edit form's starting values. A stored value outside today's option lists (an admin may have
 * typed one) is left unselected so the carer picks a valid one rather than meeting a server error.
 */
export function profileToFormValues(profile: OwnCarerProfile): CarerProfileFormValues {
  return {
    specialization: oneOf(SPECIALIZATIONS, profile.specialization)
      ? profile.specialization
      : EMPTY_PROFILE_VALUES.specialization,
    experience: oneOf(EXPERIENCE_LEVELS, profile.experience)
      ? profile.experience
      : EMPTY_PROFILE_VALUES.experience,
    location: profile.location,
    hourlyRateMin: profile.hourlyRateMin,
    hourlyRateMax: profile.hourlyRateMax,
    description: profile.description,
    qualifications: profile.qualifications.filter((value) => oneOf(QUALIFICATIONS, value)),
    availability: profile.availability.filter((value) => oneOf(AVAILABILITY_OPTIONS, value)),
  };
}

/**
 * Focuses the first field with an error in the order the form shows them. react-hook-form's own
 * focusing follows registration order, and a parent registers its fields before its children do.
 */
export function focusFirstError<T extends FieldValues>(
  form: UseFormReturn<T>,
  errors: FieldErrors<T>,
  order: readonly Path<T>[],
): void {
  const first = order.find((field) => field in errors);
  if (first) form.setFocus(first);
}

/** For the <form>: a field focused after a failed submit is not left under the sticky site header. */
export const PROFILE_FORM_CLASS = 'grid gap-8 [&_:is(input,select,textarea)]:scroll-mt-28';

const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

type FieldFrameProps = {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
  after?: ReactNode;
};

/** Label above, control, then (optional) extra text and the error message. */
function FieldFrame({ id, label, error, className, children, after }: FieldFrameProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {after}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

type ChecklistProps = {
  idPrefix: string;
  legend: string;
  options: readonly string[];
  error?: string;
  form: UseFormReturn<CarerProfileFormValues>;
  name: 'qualifications' | 'availability';
};

/** A checkbox group: fieldset and legend, its error linked to the group (GOV.UK pattern). */
function Checklist({ idPrefix, legend, options, error, form, name }: ChecklistProps) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const id = `${idPrefix}-${slug(option)}`;
          return (
            <label
              key={option}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm has-checked:border-primary has-checked:bg-secondary"
            >
              <Checkbox
                id={id}
                value={option}
                aria-invalid={error ? true : undefined}
                {...form.register(name)}
              />
              {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

type ProfileFormFieldsProps<T extends CarerProfileFormValues> = {
  form: UseFormReturn<T>;
  /** Keeps ids unique when two forms could share a page ('signup', 'edit'). */
  idPrefix: string;
};

/** The carer profile fields of SPEC section 2, shared by the signup form and the dashboard's edit mode. */
export function ProfileFormFields<T extends CarerProfileFormValues>({
  form: typedForm,
  idPrefix,
}: ProfileFormFieldsProps<T>) {
  // Both forms hold every profile field under the same name; the signup form only adds the terms.
  const form = typedForm as unknown as UseFormReturn<CarerProfileFormValues>;
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' });
  const id = (field: ProfileField) => `${idPrefix}-${field}`;
  const message = (error: HookFieldError | undefined) => error?.message;
  const errorOf = (field: ProfileField) => message(errors[field] as HookFieldError | undefined);
  const invalid = (field: ProfileField) => (errorOf(field) ? true : undefined);
  const errorId = (field: ProfileField) => (errorOf(field) ? `${id(field)}-error` : undefined);

  const rateHintId = `${idPrefix}-rate-hint`;
  const descriptionCountId = `${id('description')}-count`;
  const descriptionLength = (description ?? '').trim().length;

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <FieldFrame
          id={id('specialization')}
          label={PROFILE_LABELS.specialization}
          error={errorOf('specialization')}
        >
          <Select
            id={id('specialization')}
            aria-invalid={invalid('specialization')}
            aria-describedby={errorId('specialization')}
            {...form.register('specialization')}
          >
            <option value="">Select a specialization</option>
            {SPECIALIZATIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FieldFrame>
        <FieldFrame id={id('experience')} label={PROFILE_LABELS.experience} error={errorOf('experience')}>
          <Select
            id={id('experience')}
            aria-invalid={invalid('experience')}
            aria-describedby={errorId('experience')}
            {...form.register('experience')}
          >
            <option value="">Select your experience</option>
            {EXPERIENCE_LEVELS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </FieldFrame>
      </div>

      <FieldFrame id={id('location')} label={PROFILE_LABELS.location} error={errorOf('location')}>
        <p id={`${id('location')}-hint`} className="text-sm text-muted-foreground">
          The town or city where you offer care, for example Leeds.
        </p>
        <Input
          id={id('location')}
          autoComplete="address-level2"
          aria-invalid={invalid('location')}
          aria-describedby={describedBy(`${id('location')}-hint`, errorId('location'))}
          {...form.register('location')}
        />
      </FieldFrame>

      <div className="grid gap-2">
        <div className="grid gap-6 sm:grid-cols-2">
          {(['hourlyRateMin', 'hourlyRateMax'] as const).map((field) => (
            <FieldFrame
              key={field}
              id={id(field)}
              label={`${PROFILE_LABELS[field]} (£)`}
              error={errorOf(field)}
            >
              <div className="relative">
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
                  min={RATE_MIN_POUNDS}
                  max={RATE_MAX_POUNDS}
                  className="pl-7"
                  aria-invalid={invalid(field)}
                  aria-describedby={describedBy(rateHintId, errorId(field))}
                  {...form.register(field)}
                />
              </div>
            </FieldFrame>
          ))}
        </div>
        <p id={rateHintId} className="text-sm text-muted-foreground">
          Rates per hour, between £{RATE_MIN_POUNDS} and £{RATE_MAX_POUNDS}.
        </p>
      </div>

      <FieldFrame
        id={id('description')}
        label={PROFILE_LABELS.description}
        error={errorOf('description')}
        after={
          <p
            id={descriptionCountId}
            className={cn(
              'text-sm',
              descriptionLength >= CARER_DESCRIPTION_MIN_LENGTH ? 'text-muted-foreground' : 'text-foreground',
            )}
          >
            {descriptionLength >= CARER_DESCRIPTION_MIN_LENGTH
              ? `${descriptionLength} characters`
              : `${descriptionLength} of at least ${CARER_DESCRIPTION_MIN_LENGTH} characters`}
          </p>
        }
      >
        <p id={`${id('description')}-hint`} className="text-sm text-muted-foreground">
          Tell families about your experience, how you work and the care you offer.
        </p>
        <Textarea
          id={id('description')}
          rows={5}
          aria-invalid={invalid('description')}
          aria-describedby={describedBy(
            `${id('description')}-hint`,
            descriptionCountId,
            errorId('description'),
          )}
          {...form.register('description')}
        />
      </FieldFrame>

      <Checklist
        idPrefix={id('qualifications')}
        legend={PROFILE_LABELS.qualifications}
        options={QUALIFICATIONS}
        error={errorOf('qualifications')}
        form={form}
        name="qualifications"
      />
      <Checklist
        idPrefix={id('availability')}
        legend={PROFILE_LABELS.availability}
        options={AVAILABILITY_OPTIONS}
        error={errorOf('availability')}
        form={form}
        name="availability"
      />
    </div>
  );
}
