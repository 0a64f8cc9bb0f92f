import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { CAREERS_TEXTS } from '@contracts/site-texts';
import { SITE_CONTACT } from '@contracts/site';
import { usePageTitle } from '@web/lib/use-page-title';

const linkClass = 'font-medium text-primary underline underline-offset-4';

/** Careers (the footer's Company column): who we are, that there is no opening, how to say hello. */
export function CareersPage() {
  usePageTitle(CAREERS_TEXTS.title, CAREERS_TEXTS.lead);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CAREERS_TEXTS.title}</h1>
      <div className="mt-6 grid gap-4 leading-relaxed">
        <p>{CAREERS_TEXTS.lead}</p>
        <p className="font-medium">{CAREERS_TEXTS.openings}</p>
        <p>
          {CAREERS_TEXTS.interest}{' '}
          <a href={`mailto:${SITE_CONTACT.email}`} className={linkClass}>
            {`Email ${SITE_CONTACT.email}`}
          </a>
        </p>
        <p>
          {CAREERS_TEXTS.carers}{' '}
          <Link to={paths.carerSignup} className={linkClass}>
            Become a carer
          </Link>
        </p>
      </div>
    </article>
  );
}
