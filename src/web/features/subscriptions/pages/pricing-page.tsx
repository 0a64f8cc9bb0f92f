import { ArrowLeft, Check, HeartHandshake, Search, ShieldCheck } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { checkoutPath, paths, registerPath, signInPath } from '@contracts/paths';
import { PRICING_TEXTS } from '@contracts/site-texts';
import {
  ANNUAL_SAVING_PENCE,
  CUSTOMER_BENEFITS,
  FAMILY_PLAN_TYPES,
  formatPounds,
  PLAN_BILLING_NOTES,
  PLAN_FOR_TYPE,
  planName,
  planPriceLabel,
  PRODUCT_NAME,
  type SubscriptionType,
} from '@contracts/pricing';
import { subscriptionDisplayState } from '@web/features/subscriptions/components/subscription-state';
import { PlanKeyTerms } from '@web/features/subscriptions/components/plan-key-terms';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { useAuth } from '@web/lib/auth';
import { formatLongDateGB } from '@web/lib/format';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';
import { returnToIn } from '@web/lib/return-to';
import { MatchingCarersCount } from '../components/matching-carers-count';

const REASONS = [
  {
    icon: ShieldCheck,
    title: 'Verified Carers',
    text: 'Every carer shows their checks, including DBS checks, before they appear in search.',
  },
  {
    icon: HeartHandshake,
    title: 'Expert Care',
    text: 'Experienced carers for elderly care, disability support, dementia and more.',
  },
  {
    icon: Search,
    title: 'Easy Search',
    text: 'Filter by town, type of care and availability to find the right person quickly.',
  },
] as const;

const PERIOD: Record<SubscriptionType, string> = {
  three_month: ' for 3 months',
  monthly: '/month',
  annual: '/year',
};

const CHOOSE: Record<SubscriptionType, string> = {
  three_month: `Choose ${planName('three_month')}`,
  monthly: `Choose ${planName('monthly')}`,
  annual: `Choose ${planName('annual')}`,
};

/** A signed-in family sees the plan they have, in the same words as elsewhere. */
function YourPlan() {
  const { user } = useAuth();
  if (!user || user.userType !== 'customer' || !user.subscriptionType) return null;
  if (subscriptionDisplayState(user) !== 'Active') return null;
  const type = user.subscriptionType;
  return (
    <Alert className="mx-auto mt-8 max-w-3xl">
      <p>
        {`Your plan: ${planName(type)} (${planPriceLabel(type)}), active until ${formatLongDateGB(user.subscriptionExpiresAt ?? '')}. `}
        <Link to={paths.subscribe} className="font-medium text-primary underline underline-offset-4">
          Manage your plan
        </Link>
      </p>
    </Alert>
  );
}

/**
 * Product §2 (Pricing, subscribe and checkout): /pricing, with the three family plans side by side (a
 * deliberate difference: the first brief showed 3-Month Access alone here and Monthly and Annual on /subscribe),
 * a reason to choose us, and a way in.
 */
export function PricingPage() {
  usePageTitle('Pricing');
  const { user } = useAuth();
  const location = useLocation();
  // The page the plans were opened from (a carer's profile): where paying brings the person back.
  const [searchParams] = useSearchParams();
  const returnTo = returnToIn(searchParams);
  const here = `${location.pathname}${location.search}`;
  // A plan is chosen here, once: straight to its checkout; a visitor registers first and comes back to it.
  const choosePath = (type: SubscriptionType) =>
    user ? checkoutPath(type, returnTo) : registerPath('customer', checkoutPath(type, returnTo));
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="mb-6">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simple, Transparent Pricing</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Three ways to pay for your family&rsquo;s access to every verified carer on {PRODUCT_NAME}.
        </p>
      </header>

      <YourPlan />
      <MatchingCarersCount className="mt-8" />

      <ul className="mt-10 grid gap-6 md:grid-cols-3" aria-label="Plans">
        {FAMILY_PLAN_TYPES.map((type) => (
          <li key={type}>
            <Card
              className={`flex h-full flex-col p-6 ${type === 'three_month' ? 'border-2 border-primary' : ''}`}
            >
              {type === 'annual' ? (
                <Badge className="mb-3 self-start">{`Best Value - Save ${formatPounds(ANNUAL_SAVING_PENCE)}`}</Badge>
              ) : null}
              <h2 className="text-xl font-semibold">{planName(type)}</h2>
              <p className="mt-4">
                <span className="text-4xl font-bold">{formatPounds(PLAN_FOR_TYPE[type].amountPence)}</span>
                <span className="text-muted-foreground">{PERIOD[type]}</span>
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{PLAN_BILLING_NOTES[type]}</p>
              <PlanKeyTerms plan={type} id={`terms-${type}`} className="mt-4 flex-1" />
              <Button
                asChild
                variant={type === 'three_month' ? 'default' : 'outline'}
                className="mt-6 w-full"
              >
                <Link to={choosePath(type)}>{CHOOSE[type]}</Link>
              </Button>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mx-auto mt-8 max-w-3xl p-6 sm:p-8">
        <h2 className="text-lg font-semibold">Every plan includes</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label="What is included">
          {CUSTOMER_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              {benefit}
            </li>
          ))}
        </ul>
        {user ? null : (
          <>
            {/* Registration as a family, back to these plans to choose one (with the way back and
                the search's place kept, so the count above is still there). */}
            <Button asChild size="lg" className="mt-8 w-full">
              <Link to={registerPath('customer', here)}>{PRICING_TEXTS.signUp}</Link>
            </Button>
            <p className="mt-4 text-center text-sm text-muted-foreground">
              {PRICING_TEXTS.alreadyHave}{' '}
              {/* A full-page navigation: signing in is the server's job (product §2, Routes). */}
              <a href={signInPath(here)} className="font-medium text-primary underline underline-offset-4">
                {PRICING_TEXTS.signIn}
              </a>
            </p>
          </>
        )}
      </Card>

      <section aria-labelledby="why-choose" className="mt-16">
        <h2 id="why-choose" className="text-center text-2xl font-semibold">
          Why Choose {PRODUCT_NAME}?
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border p-6 text-center">
              <Icon aria-hidden="true" className="mx-auto size-8 text-primary" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="get-started" className="mt-16 rounded-lg bg-secondary p-8 text-center">
        <h2 id="get-started" className="text-2xl font-semibold">
          Get Started Today
        </h2>
        <p className="mt-2 text-muted-foreground">Find a carer your family can trust.</p>
        <Button asChild size="lg" className="mt-6">
          {user ? (
            <Link to={paths.carers}>{PRICING_TEXTS.findCarer}</Link>
          ) : (
            <Link to={registerPath(null, here)}>{PRICING_TEXTS.getStarted}</Link>
          )}
        </Button>
      </section>
    </div>
  );
}
