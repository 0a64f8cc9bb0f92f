import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Check } from 'lucide-react';
import { WeeklyAvailability } from '@contracts/availability';
import { CARER_SIGNUP_STEPS, CARER_SIGNUP_TEXTS } from '@contracts/carers';
import { AvailabilityTable } from '@web/components/availability-grid';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { PROFILE_LABELS, type CarerFormValues } from './profile-form-fields';

/**
 * Where the carer is in the signup: "Step 2 of 5" in words, and the steps as a list with the
 * current one marked (aria-current="step"), the done ones ticked.
 */
export function SignupProgress({ step }: { step: number }) {
  const total = CARER_SIGNUP_STEPS.length;
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium text-muted-foreground">
        {CARER_SIGNUP_TEXTS.stepOf(step + 1, total)}
      </p>
      <ol aria-label={CARER_SIGNUP_TEXTS.progressLabel} className="flex gap-1.5">
        {CARER_SIGNUP_STEPS.map((item, index) => (
          <li
            key={item.id}
            aria-current={index === step ? 'step' : undefined}
            className="grid min-w-0 flex-1 gap-1.5 text-xs"
          >
            <span
              aria-hidden="true"
              className={cn('h-1.5 rounded-full', index <= step ? 'bg-primary' : 'bg-muted')}
            />
            {/* Every step's name on a wide screen; on a phone only the current one's, which the heading repeats. */}
            <span
              className={cn(
                'hidden items-center gap-1 truncate sm:flex',
                index === step ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              {index < step ? <Check aria-hidden="true" className="size-3.5 shrink-0" /> : null}
              <span className="truncate">{item.title}</span>
              {index < step ? <span className="sr-only"> (done)</span> : null}
            </span>
            <span className="sr-only sm:hidden">
              {item.title}
              {index < step ? ' (done)' : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Answer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line sm:col-span-2">{children}</dd>
    </div>
  );
}

const shown = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '—');
const listed = (value: unknown) =>
  Array.isArray(value) && value.length > 0
    ? value.filter((item) => typeof item === 'string').join(', ')
    : '—';

/** The answers of every step before the last, each group with a button back to its step. */
export function SignupReview<Output>({
  form,
  goTo,
}: {
  form: UseFormReturn<CarerFormValues, unknown, Output>;
  goTo: (step: number) => void;
}) {
  const values = form.getValues();
  const week = WeeklyAvailability.safeParse(values.weeklyAvailability);
  const travel = Number(values.travelMiles);
  const rows: Record<(typeof CARER_SIGNUP_STEPS)[number]['id'], ReactNode> = {
    care: (
      <>
        <Answer label={PROFILE_LABELS.specialization}>{shown(values.specialization)}</Answer>
        <Answer label={PROFILE_LABELS.experience}>{shown(values.experience)}</Answer>
        <Answer label={PROFILE_LABELS.qualifications}>{listed(values.qualifications)}</Answer>
      </>
    ),
    place: (
      <>
        <Answer label={PROFILE_LABELS.location}>{shown(values.location)}</Answer>
        <Answer label={PROFILE_LABELS.homePostcode}>{shown(values.homePostcode)}</Answer>
        <Answer label={PROFILE_LABELS.travelMiles}>
          {Number.isInteger(travel) && travel > 0
            ? `Up to ${travel} ${travel === 1 ? 'mile' : 'miles'}`
            : '—'}
        </Answer>
      </>
    ),
    week: (
      <>
        <Answer label={PROFILE_LABELS.weeklyAvailability}>
          {week.success ? <AvailabilityTable week={week.data} caption="Your usual week" /> : '—'}
        </Answer>
        <Answer label={CARER_SIGNUP_TEXTS.rateLabel}>
          {`£${shown(values.hourlyRateMin)} to £${shown(values.hourlyRateMax)} an hour`}
        </Answer>
      </>
    ),
    about: <Answer label={PROFILE_LABELS.description}>{shown(values.description)}</Answer>,
    review: null,
  };
  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground">{CARER_SIGNUP_TEXTS.reviewIntro}</p>
      {CARER_SIGNUP_STEPS.slice(0, -1).map((item, index) => (
        <section key={item.id} aria-labelledby={`signup-review-${item.id}`} className="grid gap-3">
          <div className="flex items-center justify-between gap-3 border-b border-border pb-2">
            <h3 id={`signup-review-${item.id}`} className="font-semibold">
              {item.title}
            </h3>
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              aria-label={CARER_SIGNUP_TEXTS.changeStep(item.title)}
              onClick={() => goTo(index)}
            >
              {CARER_SIGNUP_TEXTS.change}
            </Button>
          </div>
          <dl className="grid gap-3">{rows[item.id]}</dl>
        </section>
      ))}
    </div>
  );
}
