import {
  PAYMENT_PLAN_LABELS,
  PLAN_KEY_TERM_LABELS,
  PLAN_KEY_TERMS,
  type PaymentPlan,
  type PlanKeyTerms as Terms,
} from '@contracts/subscriptions';
import { cn } from '@web/lib/utils';

const ORDER = Object.keys(PLAN_KEY_TERM_LABELS) as Array<keyof Terms>;

/**
 * The key terms of a plan in one place before paying: price, length, renewal, how to cancel and
 * the cooling-off right (UK subscription rules). Named by its heading for screen readers.
 */
export function PlanKeyTerms({
  plan,
  id,
  className,
  headingLevel = 3,
}: {
  plan: PaymentPlan;
  /** Unique on the page: the heading's id. */
  id: string;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const terms = PLAN_KEY_TERMS[plan];
  return (
    <section
      // Several plans' terms on one page: each region has its own name.
      aria-label={`Key terms of the ${PAYMENT_PLAN_LABELS[plan]}`}
      className={cn('rounded-md border border-border p-4', className)}
    >
      <Heading id={id} className="text-sm font-semibold">
        Key terms before you pay
      </Heading>
      <dl className="mt-2 grid gap-2 text-sm">
        {ORDER.map((key) => (
          <div key={key} className="grid gap-0.5">
            <dt className="font-medium">{PLAN_KEY_TERM_LABELS[key]}</dt>
            <dd className="text-muted-foreground">{terms[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
