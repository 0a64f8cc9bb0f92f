import { ExternalLink } from 'lucide-react';
import { splitLinks } from '@web/lib/linkify';

/** What a link to another site says to screen readers, after its address. */
export const OFF_SITE_LABEL = '(opens another site)';

/**
 * Plain text a person wrote, with its http(s) addresses as links. React escapes
 * every part, so nothing in the text becomes markup. Each link opens in a new tab, tells the site
 * nothing about the page it came from (noopener, noreferrer), gives it no search standing
 * (nofollow), and is marked as going off-site: an icon, and words for screen readers.
 */
export function LinkifiedText({ text }: { text: string }) {
  return splitLinks(text).map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium underline underline-offset-2 hover:decoration-2"
      >
        {part.text}
        <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3.5 align-[-0.125em]" />
        <span className="sr-only"> {OFF_SITE_LABEL}</span>
      </a>
    ),
  );
}
