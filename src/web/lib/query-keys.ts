// Query keys made from the contract's endpoints, so a key cannot drift from the call it caches and
// an invalidation names the endpoint rather than a hand-typed address.
import { partialMatchKey, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '@contracts/endpoints';
import { api, searchParamsOf, type ApiArgs, type ApiRequest } from './api-client';

/** What a key is made of: the call's path parameters and query (its body and signal play no part). */
export type KeyRequest<E extends Endpoint> = Pick<ApiRequest<E>, 'params' | 'query'>;
// Optional when a call needs nothing (a body, which a query never has, is left out of the key).
type KeyArgs<E extends Endpoint> =
  Record<never, never> extends ApiRequest<E> ? [request?: KeyRequest<E>] : [request: KeyRequest<E>];

/**
 * The cache key of a call of `endpoint`. It reads as the address: the path up to its first
 * parameter, then each parameter's value and the path's words after it, then the query as sent
 * (when there is one). So TanStack's prefix matching follows the addresses:
 * `endpointKey(endpoints.carers.get)`, `['/api/carers']`, covers every carer search and everything
 * under `/api/carers/:id` (`['/api/carers', id, 'reviews']`), but not `/api/carers/my-profile/…`,
 * whose fixed path is one word of its own key.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, ...[request]: KeyArgs<E>): QueryKey {
  const { params = {}, query } = (request ?? {}) as {
    params?: Record<string, string>;
    query?: object | URLSearchParams;
  };
  const words = endpoint.path.split('/');
  const firstParameter = words.findIndex((word) => word.startsWith(':'));
  const key: unknown[] =
    firstParameter === -1
      ? [endpoint.path]
      : [
          words.slice(0, firstParameter).join('/'),
          ...words.slice(firstParameter).map((word) => {
            if (!word.startsWith(':')) return word;
            const value = params[word.slice(1)];
            if (value === undefined) throw new Error(`${endpoint.path}: no value for ${word}`);
            return value;
          }),
        ];
  const sent = queryOf(query);
  if (sent) key.push(sent);
  return key;
}

/**
 * The key of a paged (infinite) query of `endpoint`: its key without the cursor, then 'pages', so
 * it never shares a cache entry with a plain query of the same call (their data differ in shape).
 */
export function pagedEndpointKey<E extends Endpoint>(endpoint: E, ...args: KeyArgs<E>): QueryKey {
  return [...endpointKey(endpoint, ...args), 'pages'];
}

/**
 * A query of `endpoint` that answers what the endpoint answers: its key and its fetch made from
 * the same request. Spread it into `queryOptions` to add options.
 */
export function endpointQuery<E extends Endpoint>(endpoint: E, ...args: KeyArgs<E>) {
  const [request] = args;
  return queryOptions({
    queryKey: endpointKey(endpoint, ...args),
    queryFn: ({ signal }) =>
      // `KeyRequest<E>` and the signal, which every call takes, are `ApiRequest<E>` less its body.
      api(endpoint, ...([{ ...request, signal }] as ApiArgs<E>)),
  });
}

/**
 * Whether `key` is under some call of `endpoint`, whatever the values of its path parameters:
 * `endpointKey`'s words with each parameter's place left open, then TanStack's prefix match. So
 * `/api/bookings/:id/history` covers every arrangement's history, paged or not, and nothing else
 * under `/api/bookings`.
 */
export function isUnderEndpoint(key: QueryKey, endpoint: Endpoint): boolean {
  const words = endpoint.path.split('/');
  const firstParameter = words.findIndex((word) => word.startsWith(':'));
  if (firstParameter === -1) return partialMatchKey(key, [endpoint.path]);
  const pattern = [words.slice(0, firstParameter).join('/'), ...words.slice(firstParameter)];
  return (
    key.length >= pattern.length &&
    pattern.every((word, index) => (index > 0 && word.startsWith(':')) || key[index] === word)
  );
}

/**
 * Marks stale every query under any of `prefixes` (TanStack's prefix match, one call), and
 * refetches those on screen: for a change that shows in several families of queries. A prefix is
 * a key, or an endpoint for every call of it whatever its path parameters (`isUnderEndpoint`).
 */
export function invalidateUnder(
  queryClient: QueryClient,
  prefixes: readonly (QueryKey | Endpoint)[],
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      prefixes.some((prefix) =>
        isQueryKey(prefix)
          ? partialMatchKey(query.queryKey, prefix)
          : isUnderEndpoint(query.queryKey, prefix),
      ),
  });
}

const isQueryKey = (prefix: QueryKey | Endpoint): prefix is QueryKey => Array.isArray(prefix);

/** The query as a call sends it, one value (or a list, for a repeated name) per name; undefined when empty. */
function queryOf(query: object | URLSearchParams | undefined): Record<string, string | string[]> | undefined {
  const search = searchParamsOf(query);
  const sent: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    sent[name] = values.length === 1 ? values[0]! : values;
  }
  return Object.keys(sent).length > 0 ? sent : undefined;
}
