import { ArrowLeft, Check, HeartHandshake, Search, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { CUSTOMER_BENEFITS, formatPounds, PLANS, PRODUCT_NAME } from '@contracts/pricing';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';

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

/** SPEC section 2 "Pricing": one 3-Month Access plan, a reason to choose us, and a way in. */
export function PricingPage() {
  usePageTitle('Pricing');
  const plan = PLANS.threeMonth;
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
          One payment gives your family access to every verified carer on {PRODUCT_NAME}.
        </p>
      </header>

      <Card className="mx-auto mt-10 max-w-md p-8">
        <h2 className="text-xl font-semibold">{plan.label}</h2>
        <p className="mt-4">
          <span className="text-4xl font-bold">{formatPounds(plan.amountPence)}</span>
          <span className="text-muted-foreground"> for 3 months</span>
        </p>
        <p className="mt-1 text-sm text-muted-foreground">One-time payment, no recurring fees.</p>
        <ul className="mt-6 grid gap-3" aria-label="What is included">
          {CUSTOMER_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              {benefit}
            </li>
          ))}
        </ul>
        {/* Full-page navigations: signing in is the server's job (SPEC section 1). */}
        <Button asChild size="lg" className="mt-8 w-full">
          <a href={paths.apiLogin}>Sign Up &amp; Subscribe</a>
        </Button>
        <p className="mt-4 text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <a href={paths.apiLogin} className="font-medium text-primary underline underline-offset-4">
            Sign in here
          </a>
        </p>
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
          <a href={paths.apiLogin}>Get Started Today</a>
        </Button>
      </section>
    </div>
  );
}
