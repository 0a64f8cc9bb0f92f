import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { PRESS_TEXTS } from '@contracts/site-texts';
import { SITE_CONTACT } from '@contracts/site';
import { usePageTitle } from '@web/lib/use-page-title';

const linkClass = 'font-medium text-primary underline underline-offset-4';

/** Press (the footer's Company column): a few true facts and whom to ask. */
export function PressPage() {
  usePageTitle(PRESS_TEXTS.title, PRESS_TEXTS.lead);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{PRESS_TEXTS.title}</h1>
      <div className="mt-6 grid gap-4 leading-relaxed">
        <p>{PRESS_TEXTS.lead}</p>
        <ul className="grid list-disc gap-2 pl-6">
          {PRESS_TEXTS.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <p>{PRESS_TEXTS.contact}</p>
        <p>
          <a href={`mailto:${SITE_CONTACT.email}?subject=Press`} className={linkClass}>
            {`Email ${SITE_CONTACT.email}`}
          </a>
          {' · '}
          <Link to={paths.about} className={linkClass}>
            About us
          </Link>
        </p>
      </div>
    </article>
  );
}
