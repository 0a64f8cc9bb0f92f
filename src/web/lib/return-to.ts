// The way back a page is given (`?returnTo=/carers?near=LS6`): read once, the same way everywhere.
import { safeReturnPath } from '@contracts/auth';

/** The page to go back to, a same-site path only (safeReturnPath); '/' when there is none. */
export function returnToIn(searchParams: URLSearchParams): string {
  return safeReturnPath(searchParams.get('returnTo'));
}

/** A same-site path's page and query: '/carers?near=LS6#list' → '/carers' and near=LS6. */
export function pathParts(path: string): { pathname: string; query: URLSearchParams } {
  const [beforeHash = ''] = path.split('#');
  const queryAt = beforeHash.indexOf('?');
  return queryAt < 0
    ? { pathname: beforeHash, query: new URLSearchParams() }
    : { pathname: beforeHash.slice(0, queryAt), query: new URLSearchParams(beforeHash.slice(queryAt + 1)) };
}
