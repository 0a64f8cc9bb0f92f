import { usePageTitle } from '@web/lib/use-page-title';

/** Placeholder until its issue builds the page. */
export function LandingPage() {
  usePageTitle();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        Find Trusted, Verified Carers Across the UK
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">
        CareMatch connects families with independent carers who have passed background checks.
      </p>
    </div>
  );
}
