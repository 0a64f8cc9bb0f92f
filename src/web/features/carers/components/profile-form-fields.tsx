import type { ReactNode } from 'react';
import {
  useWatch,
  type FieldError as HookFieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { EMPTY_WEEK } from '@contracts/availability';
import {
  RATE_MAX_POUNDS,
  RATE_MIN_POUNDS,
  TRAVEL_MILES_CHOICES,
  type CarerProfileFormValues,
  type OwnCarerProfile,
} from '@contracts/carers';
import { CARER_DESCRIPTION_MIN_LENGTH } from '@contracts/limits';
import { EXPERIENCE_LEVELS, QUALIFICATIONS, SPECIALIZATIONS } from '@contracts/options';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { FieldError } from '@web/components/ui/text-field';
import type { WithBlankChoices } from '@web/lib/schema-resolver';
import { cn } from '@web/lib/utils';
import { AvailabilityGridField } from '@web/components/availability-grid';

/** The profile fields in the order they are shown, which is also the order errors are focused in. */
export const PROFILE_FIELDS = [
  'specialization',
  'experience',
  'qualifications',
  'location',
  'homePostcode',
  'travelMiles',
  'weeklyAvailability',
  'hourlyRateMin',
  'hourlyRateMax',
  'description',
] as const satisfies readonly (keyof CarerProfileFormValues)[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * The carer forms' fields as they hold them (the signup form and the dashboard's edit mode share
 * them): a select not chosen yet holds '', which the form's schema refuses with the contract's
 * message, and the signup form adds its terms box.
 */
export type CarerFormValues = WithBlankChoices<CarerProfileFormValues, 'specialization' | 'experience'> & {
  termsAccepted?: boolean;
};
/**
 * The same, as react-hook-form focuses them: the week's first checkbox stands for the week, and the
 * server's messages on the week (or on the tags it derives) are shown beside it.
 */
export const PROFILE_FOCUS_ORDER = PROFILE_FIELDS.map((field) =>
  field === 'weeklyAvailability' ? ('weeklyAvailability.slots' as const) : field,
);

/** A server answer's field messages, with those on the week or its tags moved to the week. */
export function profileFieldMessages(
  messages: Record<string, string>,
): Partial<Record<ProfileField, string>> {
  const found: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) if (messages[field]) found[field] = messages[field];
  const week =
    messages.weeklyAvailability ??
    Object.entries(messages).find(([key]) => key.startsWith('weeklyAvailability.'))?.[1] ??
    messages.availability;
  if (week) found.weeklyAvailability = week;
  return found;
}

/** Visible labels; tests and the view mode of the dashboard use the same words. */
export const PROFILE_LABELS = {
  specialization: 'Care specialization',
  experience: 'Years of experience',
  location: 'Location',
  hourlyRateMin: 'Minimum hourly rate',
  hourlyRateMax: 'Maximum hourly rate',
  description: 'Description',
  qualifications: 'Qualifications',
  weeklyAvailability: 'Availability',
  homePostcode: 'Home postcode',
  travelMiles: 'How far will you travel?',
} as const satisfies Record<ProfileField, string>;

export const EMPTY_PROFILE_VALUES: CarerFormValues = {
  // The selects start on their "Select…" option; zod answers with the contract's message if left there.
  specialization: '',
  experience: '',
  location: '',
  hourlyRateMin: '',
  hourlyRateMax: '',
  description: '',
  qualifications: [],
  homePostcode: '',
  travelMiles: '',
  weeklyAvailability: { slots: [], liveIn: false, shortNotice: false },
};

function oneOf<T extends string>(options: readonly T[], value: string): value is T {
  return (options as readonly string[]).includes(value);
}

/**
 * The edit form's starting values. A stored value outside today's option lists (an admin may have
 * typed one) is left unselected so the carer picks a valid one rather than meeting a server error.
 */
export function profileToFormValues(profile: OwnCarerProfile): CarerFormValues {
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
    homePostcode: profile.homePostcode ?? '',
    // A select's value is text; the form's schema turns it back into a number.
    travelMiles: profile.travelMiles === null ? '' : String(profile.travelMiles),
    weeklyAvailability: { ...EMPTY_WEEK, ...profile.weeklyAvailability },
  };
}

/**
 * Shows the server's field messages beside their fields (those on the week or its tags beside the
 * week) and focuses the first of them.
 */
export function applyProfileMessages<Output>(
  form: UseFormReturn<CarerFormValues, unknown, Output>,
  messages: Record<string, string>,
): void {
  const found = profileFieldMessages(messages);
  for (const field of PROFILE_FIELDS) {
    const text = found[field];
    if (text) form.setError(field, { type: 'server', message: text });
  }
  const first = PROFILE_FIELDS.findIndex((field) => found[field]);
  const focus = PROFILE_FOCUS_ORDER[first];
  if (focus) form.setFocus(focus);
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
  const first = order.find((field) => field.split('.')[0]! in errors);
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

type ChecklistProps<Output> = {
  idPrefix: string;
  legend: string;
  options: readonly string[];
  error?: string;
  form: UseFormReturn<CarerFormValues, unknown, Output>;
  name: 'qualifications';
};

/** A checkbox group: fieldset and legend, its error linked to the group (GOV.UK pattern). */
function Checklist<Output>({ idPrefix, legend, options, error, form, name }: ChecklistProps<Output>) {
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

type ProfileFormFieldsProps<Output> = {
  /** The signup form or the edit form: the same fields; what a valid submit gives differs. */
  form: UseFormReturn<CarerFormValues, unknown, Output>;
  /** Keeps ids unique when two forms could share a page ('signup', 'edit'). */
  idPrefix: string;
  /** The dashboard shows when the week was last changed. */
  availabilityUpdatedAt?: string | null;
  /** One group only (a signup step), or all of them in their order (the dashboard's edit form). */
  part?: ProfileFieldPart;
};

/** The groups of fields, named as the signup's steps that show them (`CARER_SIGNUP_STEPS`). */
export type ProfileFieldPart = 'care' | 'place' | 'week' | 'about';

/** The travel choices, plus a stored distance that is not one of them (the API takes any 1 to 50). */
function travelChoices(current: unknown): number[] {
  const miles = Number(current);
  const choices: number[] = [...TRAVEL_MILES_CHOICES];
  if (current !== '' && Number.isInteger(miles) && !choices.includes(miles)) choices.push(miles);
  return choices.sort((a, b) => a - b);
}

/** The carer profile fields of product §2, shared by the signup form and the dashboard's edit mode. */
export function ProfileFormFields<Output>({
  form,
  idPrefix,
  availabilityUpdatedAt,
  part,
}: ProfileFormFieldsProps<Output>) {
  const show = (group: ProfileFieldPart) => part === undefined || part === group;
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' });
  const id = (field: ProfileField) => `${idPrefix}-${field}`;
  const message = (error: HookFieldError | undefined) => error?.message;
  const errorOf = (field: ProfileField) =>
    field === 'weeklyAvailability'
      ? // The week's rule is on the week; a message about one of its parts is shown there too.
        (errors.weeklyAvailability?.message ??
        errors.weeklyAvailability?.slots?.message ??
        errors.weeklyAvailability?.root?.message)
      : message(errors[field] as HookFieldError | undefined);
  const invalid = (field: ProfileField) => (errorOf(field) ? true : undefined);
  const errorId = (field: ProfileField) => (errorOf(field) ? `${id(field)}-error` : undefined);

  const rateHintId = `${idPrefix}-rate-hint`;
  const postcodeHintId = `${id('homePostcode')}-hint`;
  const travelHintId = `${id('travelMiles')}-hint`;
  const startingTravel = form.formState.defaultValues?.travelMiles;
  const descriptionCountId = `${id('description')}-count`;
  const descriptionLength = (description ?? '').trim().length;

  return (
    <div className="grid gap-6">
      {show('care') ? (
        <>
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
          <Checklist
            idPrefix={id('qualifications')}
            legend={PROFILE_LABELS.qualifications}
            options={QUALIFICATIONS}
            error={errorOf('qualifications')}
            form={form}
            name="qualifications"
          />
        </>
      ) : null}
      {show('place') ? (
        <>
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
          <div className="grid gap-6 sm:grid-cols-2">
            <FieldFrame
              id={id('homePostcode')}
              label={PROFILE_LABELS.homePostcode}
              error={errorOf('homePostcode')}
            >
              <p id={postcodeHintId} className="text-sm text-muted-foreground">
                Kept private: only the first part, for example LS6, is ever shown to families.
              </p>
              <Input
                id={id('homePostcode')}
                autoComplete="postal-code"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={10}
                className="sm:max-w-48"
                aria-invalid={invalid('homePostcode')}
                aria-describedby={describedBy(postcodeHintId, errorId('homePostcode'))}
                {...form.register('homePostcode')}
              />
            </FieldFrame>
            <FieldFrame
              id={id('travelMiles')}
              label={PROFILE_LABELS.travelMiles}
              error={errorOf('travelMiles')}
            >
              <p id={travelHintId} className="text-sm text-muted-foreground">
                Families further away than this from your home will not see you in a distance search.
              </p>
              <Select
                id={id('travelMiles')}
                aria-invalid={invalid('travelMiles')}
                aria-describedby={describedBy(travelHintId, errorId('travelMiles'))}
                {...form.register('travelMiles')}
              >
                <option value="">Select a distance</option>
                {travelChoices(startingTravel).map((miles) => (
                  <option key={miles} value={String(miles)}>
                    {`Up to ${miles} ${miles === 1 ? 'mile' : 'miles'}`}
                  </option>
                ))}
              </Select>
            </FieldFrame>
          </div>
        </>
      ) : null}
      {show('week') ? (
        <>
          <AvailabilityGridField
            register={(part) => form.register(`weeklyAvailability.${part}`)}
            idPrefix={id('weeklyAvailability')}
            legend={PROFILE_LABELS.weeklyAvailability}
            error={errorOf('weeklyAvailability')}
            updatedAt={availabilityUpdatedAt}
          />
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
        </>
      ) : null}
      {show('about') ? (
        <FieldFrame
          id={id('description')}
          label={PROFILE_LABELS.description}
          error={errorOf('description')}
          after={
            <p
              id={descriptionCountId}
              className={cn(
                'text-sm',
                descriptionLength >= CARER_DESCRIPTION_MIN_LENGTH
                  ? 'text-muted-foreground'
                  : 'text-foreground',
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
      ) : null}
    </div>
  );
}
