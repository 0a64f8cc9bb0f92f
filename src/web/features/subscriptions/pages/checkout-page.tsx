import { usePageTitle } from '@web/lib/use-page-title';

/** Placeholder until its issue builds the page. */
export function CheckoutPage() {
  usePageTitle('Subscribe');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Subscribe to CareMatch</h1>
      <p className="mt-4 text-lg text-muted-foreground">Complete your payment to start contacting carers.</p>
    </div>
  );
}
