import { useEffect } from 'react';
import { PRODUCT_NAME } from '@contracts/pricing';

/** Sets the tab title to "<page> · CareMatch" (or just the product name). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
