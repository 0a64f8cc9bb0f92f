import type { ReactNode } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { ADMIN_TEXT, AdminCarerInput, type AdminCarer, type AdminCarerFormValues } from '@contracts/admin';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/utils';
import { fieldAria, FormField } from './form-field';

/** The form holds text for every field; the contract's schema turns it into what the server takes. */
export type CarerFormValues = {
  firstName: string;
  lastName: string;
  specialization: string;
  experience: string;
  location: string;
  hourlyRateMin: string;
  hourlyRateMax: string;
  description: string;
  /** Comma-separated; blanks are dropped and items trimmed before sending (product §5). */
  qualifications: string;
  availability: string;
  isVerified: boolean;
};

export type CarerForm = UseFormReturn<AdminCarerFormValues, unknown, AdminCarerInput>;

/** The fields in the order they are shown (and errors focused in). */
export const CARER_FORM_FIELDS = AdminCarerInput.keyof().options;
export type CarerFormField = (typeof CARER_FORM_FIELDS)[number];

/** Product §5: the Admin Management forms start with empty strings; isVerified defaults to false. */
export const EMPTY_CARER_VALUES: CarerFormValues = {
  firstName: '',
  lastName: '',
  specialization: '',
  experience: '',
  location: '',
  hourlyRateMin: '',
  hourlyRateMax: '',
  description: '',
  qualifications: '',
  availability: '',
  isVerified: false,
};

/** A rate for a number input: '18.00' → '18', '18.50' → '18.5' stays readable and valid. */
const rateForInput = (value: string) => {
  const amount = Number(value);
  return Number.isFinite(amount) ? String(amount) : value;
};

export function carerToFormValues(carer: AdminCarer): CarerFormValues {
  return {
    firstName: carer.firstName,
    lastName: carer.lastName,
    specialization: carer.specialization,
    experience: carer.experience,
    location: carer.location,
    hourlyRateMin: rateForInput(carer.hourlyRateMin),
    hourlyRateMax: rateForInput(carer.hourlyRateMax),
    description: carer.description,
    qualifications: carer.qualifications.join(', '),
    availability: carer.availability.join(', '),
    isVerified: carer.isVerified,
  };
}

/** Focuses the first field with an error, in the order the form shows them. */
export function focusFirstCarerError(form: CarerForm, errors: FieldErrors<AdminCarerFormValues>): void {
  const first = CARER_FORM_FIELDS.find((field) => field in errors);
  if (first) form.setFocus(first);
}

function errorText(errors: FieldErrors<AdminCarerFormValues>, field: CarerFormField): string | undefined {
  const message = errors[field]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** How specialization and experience are chosen: a list of options, or free text. */
export type ChoiceField = { kind: 'select'; options: readonly string[] } | { kind: 'text' };

function Choice({
  id,
  choice,
  current,
  placeholder,
  error,
  registration,
}: {
  id: string;
  choice: ChoiceField;
  /** The stored value: kept as an option when it is not one of today's (so an edit cannot lose it). */
  current: string;
  placeholder: string;
  error: string | undefined;
  registration: ReturnType<CarerForm['register']>;
}) {
  if (choice.kind === 'text') return <Input {...fieldAria(id, error)} {...registration} />;
  const options =
    current && !choice.options.includes(current) ? [...choice.options, current] : choice.options;
  return (
    <Select {...fieldAria(id, error)} {...registration}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
  );
}

/**
 * The carer fields of the admin tools. Which fields show and how specialization and experience are
 * picked differ by screen (product §2); the checks are the contract's (product §5).
 */
export function CarerFormFields({
  form,
  idPrefix,
  specialization,
  experience,
  initial,
  show = 'all',
  verifiedCheckbox = false,
  before,
}: {
  form: CarerForm;
  idPrefix: string;
  specialization: ChoiceField;
  experience: ChoiceField;
  /** The carer's stored values (edit dialogs), for options outside today's lists. */
  initial?: Pick<CarerFormValues, 'specialization' | 'experience'>;
  /** 'names': first name, last name and specialization only (the test customer page). */
  show?: 'all' | 'names';
  /** The test admin page's 'Verified Carer' checkbox; Admin Management holds the value without one. */
  verifiedCheckbox?: boolean;
  /** Fields shown first (the photo upload). */
  before?: ReactNode;
}) {
  const { errors } = form.formState;
  const id = (field: string) => `${idPrefix}-${field}`;
  const err = (field: CarerFormField) => errorText(errors, field);
  const listHint = 'Separate items with commas.';

  return (
    <div className="grid gap-4">
      {before}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('first-name')} label="First Name" error={err('firstName')}>
          <Input
            autoComplete="off"
            {...fieldAria(id('first-name'), err('firstName'))}
            {...form.register('firstName')}
          />
        </FormField>
        <FormField id={id('last-name')} label="Last Name" error={err('lastName')}>
          <Input
            autoComplete="off"
            {...fieldAria(id('last-name'), err('lastName'))}
            {...form.register('lastName')}
          />
        </FormField>
      </div>
      <div className={cn('grid gap-4', show === 'all' && 'sm:grid-cols-2')}>
        <FormField id={id('specialization')} label="Specialization" error={err('specialization')}>
          <Choice
            id={id('specialization')}
            choice={specialization}
            current={initial?.specialization ?? ''}
            placeholder="Select specialization"
            error={err('specialization')}
            registration={form.register('specialization')}
          />
        </FormField>
        {show === 'all' ? (
          <FormField id={id('experience')} label="Experience" error={err('experience')}>
            <Choice
              id={id('experience')}
              choice={experience}
              current={initial?.experience ?? ''}
              placeholder="Select experience"
              error={err('experience')}
              registration={form.register('experience')}
            />
          </FormField>
        ) : null}
      </div>
      {show === 'all' ? (
        <>
          <FormField id={id('location')} label="Location" error={err('location')}>
            <Input
              autoComplete="off"
              {...fieldAria(id('location'), err('location'))}
              {...form.register('location')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={id('rate-min')} label="Min Rate (£/hour)" error={err('hourlyRateMin')}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                {...fieldAria(id('rate-min'), err('hourlyRateMin'))}
                {...form.register('hourlyRateMin')}
              />
            </FormField>
            <FormField id={id('rate-max')} label="Max Rate (£/hour)" error={err('hourlyRateMax')}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                {...fieldAria(id('rate-max'), err('hourlyRateMax'))}
                {...form.register('hourlyRateMax')}
              />
            </FormField>
          </div>
          <FormField id={id('description')} label="Description" error={err('description')}>
            <Textarea
              rows={4}
              {...fieldAria(id('description'), err('description'))}
              {...form.register('description')}
            />
          </FormField>
          <FormField
            id={id('qualifications')}
            label="Qualifications (comma-separated)"
            hint={listHint}
            error={err('qualifications')}
          >
            <Input
              autoComplete="off"
              {...fieldAria(id('qualifications'), err('qualifications'), `${id('qualifications')}-hint`)}
              {...form.register('qualifications')}
            />
          </FormField>
          <FormField
            id={id('availability')}
            label="Availability (comma-separated)"
            hint={listHint}
            error={err('availability')}
          >
            <Input
              autoComplete="off"
              {...fieldAria(id('availability'), err('availability'), `${id('availability')}-hint`)}
              {...form.register('availability')}
            />
          </FormField>
        </>
      ) : null}
      {verifiedCheckbox ? (
        <div className="flex items-center gap-3">
          <Checkbox id={id('verified')} {...form.register('isVerified')} />
          <label htmlFor={id('verified')} className="text-sm font-medium">
            {ADMIN_TEXT.verifiedCarer}
          </label>
        </div>
      ) : null}
    </div>
  );
}
