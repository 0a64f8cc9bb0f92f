import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME } from '@contracts/brand';
import { SERVICES } from '@contracts/site-texts';
import { filtersFromSearchParams, filtersToSearchParams } from '@contracts/carers-search-url';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/use-page-title';

/** The carer search for a service, read through the search's own filters (an unknown value is dropped). */
function searchFor(search: string): string {
  const query = filtersToSearchParams(filtersFromSearchParams(new URLSearchParams(search))).toString();
  return query ? `${paths.carers}?${query}` : paths.carers;
}

/**
 * The services the footer links to, one section each (its id the anchor: /services#respite-care).
 * A client-side navigation does not scroll to an anchor by itself, so the page does.
 */
export function ServicesPage() {
  usePageTitle(
    'Our services',
    `The care you can find on ${PRODUCT_NAME}: ${SERVICES.map((s) => s.title).join(', ')}.`,
  );
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Our services</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Independent, checked carers near you, for the care your family needs.
      </p>
      {SERVICES.map(({ id, title, text, search }) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-20">
          <h2 id={`${id}-title`} className="text-xl font-semibold sm:text-2xl">
            {title}
          </h2>
          <p className="mt-3 leading-relaxed">{text}</p>
          <Button asChild variant="outline" className="mt-4">
            <Link to={searchFor(search)}>{`Find ${title.toLowerCase()} carers`}</Link>
          </Button>
        </section>
      ))}
    </article>
  );
}
