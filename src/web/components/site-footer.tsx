import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { copyrightLine } from '@contracts/limits';
import { paths } from '@contracts/paths';
import { PRODUCT_NAME, TAGLINE } from '@contracts/brand';

type FooterColumn = { title: string; links: readonly { label: string; to: string }[] };

/**
 * Product §2, Header and footer: the three columns and their texts word for word; each service leads
 * to its section of /services, Careers and Press to their own pages.
 */
const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Services',
    links: [
      { label: 'Elderly Care', to: `${paths.services}#elderly-care` },
      { label: 'Disability Support', to: `${paths.services}#disability-support` },
      { label: 'Respite Care', to: `${paths.services}#respite-care` },
      { label: 'Live-in Care', to: `${paths.services}#live-in-care` },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: paths.help },
      { label: 'Contact Us', to: paths.contact },
      { label: 'Safety', to: paths.about },
      { label: 'Pricing', to: paths.pricing },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Join as Carer', to: paths.carerSignup },
      { label: 'Careers', to: paths.careers },
      { label: 'Press', to: paths.press },
    ],
  },
];

const LEGAL_LINKS = [
  { label: 'Privacy', to: paths.privacy },
  { label: 'Terms', to: paths.terms },
  { label: 'Accessibility', to: paths.accessibility },
  // Out of the public header (docs/spec-conformance.md): staff find it here or by its address.
  { label: 'Admin Login', to: paths.adminLogin },
] as const;

// slate-300 on slate-900 is 12:1 and white 17:1 (WCAG AA needs 4.5:1). The page-wide blue focus
// ring is too dark on this background, so links here get a white one.
const linkClass =
  'rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

/** The site footer on every page (product §2): services, support and company links, then the legal row. */
export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-4">
          <div>
            {/* Not a link: the header's logo already leads home, and one "CareMatch" link is clearer. */}
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <HeartHandshake aria-hidden="true" className="size-7" />
              {PRODUCT_NAME}
            </p>
            <p className="mt-3 max-w-xs text-sm">
              {TAGLINE} from independent, DBS-checked carers across the UK.
            </p>
          </div>
          {/* One landmark for the three columns; each column is a titled list inside it. */}
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-3">
            {FOOTER_COLUMNS.map((column) => (
              <div key={column.title}>
                <h2 className="text-base font-semibold text-white">{column.title}</h2>
                <ul className="mt-4 grid gap-3 text-sm">
                  {column.links.map(({ label, to }) => (
                    <li key={label}>
                      <Link to={to} className={linkClass}>
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-10 flex flex-col gap-4 border-t border-slate-700 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{copyrightLine(new Date())}</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {LEGAL_LINKS.map(({ label, to }) => (
                <li key={label}>
                  <Link to={to} className={linkClass}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
