import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A secret from an emailed link (`?token=…`), read once and then taken out of the address bar
 * (decision 0020): it stays in this component's memory for the form or call that needs it,
 * but not in the browser's history, a bookmark, a screenshot of the address bar, or the Referer of
 * the page's requests. The rest of the address is kept. A reload after this has no token: the page
 * then says the link has expired, as it would for a used link.
 */
export function useTokenFromAddress(name = 'token'): string {
  const [searchParams, setSearchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get(name)?.trim() ?? '');
  useEffect(() => {
    if (!searchParams.has(name)) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete(name);
    // Through the router (history.replaceState underneath), so its idea of the address agrees.
    setSearchParams(rest, { replace: true, preventScrollReset: true });
  }, [name, searchParams, setSearchParams]);
  return token;
}
