import { useEffect } from 'react';
import { PRODUCT_NAME } from '@contracts/brand';

/** index.html carries the same sentence, for crawlers that do not run scripts. */
export const DEFAULT_PAGE_DESCRIPTION = `${PRODUCT_NAME} connects families across the UK with independent, verified carers for elderly and disability care.`;

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * Sets the tab title to "<page> · CareMatch" (or just the product name) and the page's
 * meta description, so each route reads well in search results and browser history.
 */
export function usePageTitle(title?: string, description: string = DEFAULT_PAGE_DESCRIPTION): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
    descriptionTag().content = description;
  }, [title, description]);
}
