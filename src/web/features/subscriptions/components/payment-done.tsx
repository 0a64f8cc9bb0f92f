import { useEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Link, matchPath } from 'react-router';
import { paths } from '@contracts/paths';
import { PAID_TEXTS } from '@contracts/site-texts';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { pathParts } from '@web/lib/return-to';

/** What the way back says: the carer's profile by name of what it is, any other page plainly. */
export function backLabel(returnTo: string): string {
  return matchPath(paths.carerProfile, pathParts(returnTo).pathname)
    ? PAID_TEXTS.backToCarer
    : PAID_TEXTS.backToPage;
}

/**
 * After paying for a plan (demo card form, Stripe in the page or back from a bank's page): the
 * success, said on the page (the toast goes), and the way straight back to where the person was,
 * or on to the search. `returnTo` has been through safeReturnPath: a same-site path only.
 */
export function PaymentDone({ returnTo }: { returnTo: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const back = returnTo !== paths.home;
  return (
    <Card className="mx-auto max-w-xl p-6 text-center sm:p-8" data-testid="payment-done">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight focus:outline-none">
        {PAID_TEXTS.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{PAID_TEXTS.body}</p>
      <Button asChild size="lg" className="mt-6 h-auto min-h-10 whitespace-normal">
        <Link to={back ? returnTo : paths.carers}>{back ? backLabel(returnTo) : PAID_TEXTS.findCarer}</Link>
      </Button>
    </Card>
  );
}
