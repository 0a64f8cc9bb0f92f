import { Link } from 'react-router';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import type { FaqItem } from '../content/faq';

/**
 * Product §2 (About, Contact and Help), Help: the FAQ, one answer open at a time, and the open one can be closed again.
 * Every question starts closed; each trigger is a button inside an <h3> (the section is an <h2>).
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion type="single" collapsible className="rounded-lg border border-border bg-card px-4 sm:px-6">
      {items.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>
            {item.answer.map((paragraph) => (
              <p key={paragraph} className="mt-3 first:mt-0">
                {paragraph}
              </p>
            ))}
            {item.links && (
              <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                {item.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="font-medium text-primary underline underline-offset-4">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
