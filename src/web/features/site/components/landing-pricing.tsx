import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { checkoutPath, paths, registerPath } from '@contracts/paths';
import { CARER_MONEY_TEXTS, THREE_MONTH_TEXTS } from '@contracts/site-texts';
import { CARER_MEMBERSHIP, CUSTOMER_BENEFITS, formatPounds, PLANS } from '@contracts/pricing';
import { Button } from '@web/components/ui/button';

const CARER_POINTS = [
  'Professional profile listing',
  'Direct messages from families',
  'Help with your background checks',
  CARER_MONEY_TEXTS.keepShare,
  'Set your own rates and availability',
] as const;

function Points({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <ul aria-label={label} className="mt-6 grid gap-3 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {item}
        </li>
      ))}
    </ul>
  );
}

const CARD = 'flex flex-col rounded-lg border bg-card p-6 shadow-sm sm:p-8';
const AUDIENCE = 'text-sm font-semibold tracking-wide text-primary uppercase';

/**
 * Product §2 pricing block: Customer Access at £49 for 3 months, one-time with no recurring fees.
 * The first brief also said 'Cancel anytime' beside it, which a single payment cannot mean: the card
 * says what cancelling does instead (product.md, the words). Figures come from @contracts only.
 */
export function LandingPricing() {
  const plan = PLANS.threeMonth;
  return (
    <section aria-labelledby="landing-pricing" className="py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="landing-pricing" className="text-3xl font-bold tracking-tight">
            Clear pricing, no surprises
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            One simple payment for families. One low membership for carers.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <div className={`${CARD} border-2 border-primary`}>
            <p className={AUDIENCE}>For families</p>
            <h3 className="mt-2 text-2xl font-semibold">Customer Access</h3>
            <p className="mt-4">
              <span className="text-4xl font-bold">{formatPounds(plan.amountPence)}</span>
              <span className="text-muted-foreground"> for {plan.months} months</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{THREE_MONTH_TEXTS.billing}</p>
            <Points label="Customer Access includes" items={CUSTOMER_BENEFITS} />
            <div className="mt-auto pt-8">
              <Button asChild size="lg" className="w-full">
                {/* The landing is for visitors: register as a family, then this plan's checkout. */}
                <Link to={registerPath('customer', checkoutPath('three_month'))}>
                  Start Your Subscription
                </Link>
              </Button>
              <p className="mt-3 text-center text-sm text-muted-foreground">{THREE_MONTH_TEXTS.cancel}</p>
            </div>
          </div>

          <div className={`${CARD} border-border`}>
            <p className={AUDIENCE}>For carers</p>
            <h3 className="mt-2 text-2xl font-semibold">{CARER_MEMBERSHIP.label}</h3>
            <p className="mt-4">
              <span className="text-4xl font-bold">{formatPounds(CARER_MEMBERSHIP.amountPence)}</span>
              <span className="text-muted-foreground"> per month</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{CARER_MONEY_TEXTS.introductory}</p>
            <Points label={`${CARER_MEMBERSHIP.label} includes`} items={CARER_POINTS} />
            <div className="mt-auto pt-8">
              <Button asChild size="lg" variant="outline" className="w-full">
                <Link to={paths.carerSignup}>Join as Carer</Link>
              </Button>
            </div>
          </div>
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Want the detail?{' '}
          <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-4">
            See full pricing
          </Link>
        </p>
      </div>
    </section>
  );
}
