import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEditAddress } from './use-edit-address';

/**
 * A secret from an emailed link (`?token=…`), read once and then taken out of the address bar
 * (decision 0020): it stays in this component's memory for the form or call that needs it,
 * but not in the browser's history, a bookmark, a screenshot of the address bar, or the Referer of
 * the page's requests. The rest of the address is kept. A reload after this has no token: the page
 * then says the link has expired, as it would for a used link.
 */
export function useTokenFromAddress(name = 'token'): string {
  const [searchParams] = useSearchParams();
  const editAddress = useEditAddress();
  const [token] = useState(() => searchParams.get(name)?.trim() ?? '');
  const inAddress = searchParams.has(name);
  useEffect(() => {
    if (!inAddress) return;
    // Through the router (history.replaceState underneath), so its idea of the address agrees.
    editAddress((address) => address.delete(name), { replace: true, preventScrollReset: true });
  }, [name, inAddress, editAddress]);
  return token;
}
