import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each page of this tab was left, by history entry; kept in memory, never in storage. */
const positions = new Map<string, number>();

/**
 * A new page opens at its top (a long form's scroll no longer carries over to the next page, such
 * as a new carer's dashboard); Back and Forward return to where a page was left. A change of the
 * address's query alone (a search filter) leaves the page where it is. Unlike React Router's
 * ScrollRestoration, nothing is written to sessionStorage: signing out leaves the tab's storage
 * empty (Clear-Site-Data).
 */
export function ScrollPositions() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(location.key);
  const lastPath = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    if (current.current === location.key) return;
    current.current = location.key;
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (!samePage && !location.hash) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
