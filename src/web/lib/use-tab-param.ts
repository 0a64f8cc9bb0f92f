import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useEditAddress } from './use-edit-address';

/**
 * A page's open tab, kept in the URL (`?tab=messages`) so a refresh, Back from another page and a
 * shared link all open the same tab. The first tab leaves the URL clean; an
 * unknown value falls back to it. Choosing a tab replaces the history entry: Back leaves the page
 * rather than stepping through its tabs.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const [params] = useSearchParams();
  const editAddress = useEditAddress();
  const first = tabs[0]!;
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? first;
  const select = useCallback(
    (next: string) => {
      editAddress(
        (address) => {
          if (next === first) address.delete('tab');
          else address.set('tab', next);
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [editAddress, first],
  );
  return [tab, select];
}
