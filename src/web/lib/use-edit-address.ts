import { useCallback } from 'react';
import { useNavigate } from 'react-router';

interface EditOptions {
  replace?: boolean;
  preventScrollReset?: boolean;
}

/**
 * Changes the page's query string starting from the address as it is now, not as the render that
 * made the handler saw it. React Router's `setSearchParams`, even its functional form, starts from
 * the last render's params, and a navigation renders in a transition: on a busy phone a second
 * change (another filter, a tab) can come before the first has rendered, and would undo it. The
 * router writes the address as it navigates (no route here has a loader), so reading
 * `window.location` at the moment of the change keeps both. `edit` changes the params it is given,
 * or answers the whole new query. tests/e2e/money-records.e2e.ts (a statement's carer and month)
 * and carers-search.e2e.ts (two filters) make two changes in one task.
 */
export function useEditAddress(): (
  edit: (params: URLSearchParams) => URLSearchParams | void,
  options?: EditOptions,
) => void {
  const navigate = useNavigate();
  return useCallback(
    (edit, options) => {
      const now = new URLSearchParams(window.location.search);
      const params = edit(now) ?? now;
      void navigate(`?${params}`, options);
    },
    [navigate],
  );
}
