import type { QueryFunction } from '@tanstack/react-query';
import type {
  Endpoint,
  EndpointBody,
  EndpointQuery,
  EndpointResponse,
  HttpMethod,
  PathParams,
} from '@contracts/endpoints';
import { IDEMPOTENCY_KEY_HEADER } from '@contracts/error-messages';
import type { ErrorBody } from '@contracts/errors';

export type { HttpMethod };

/**
 * A non-OK answer of the API (decision 0031). `message` is the server's `{ message }`, or,
 * when the answer carried none (a proxy's page, an empty body), product §7's "<status>: <body text or
 * status text>"; `body` is the server's error body when there was one, and `fieldErrors` its
 * messages by field (a 400 caused by a request body).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The answer's status text ('Bad Request'); empty over HTTP/2. */
  readonly statusText: string;
  readonly body: ErrorBody | null;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, text: string, statusText = '') {
    const body = parseErrorBody(text);
    super(body?.message ?? `${status}: ${text || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.fieldErrors = body?.fieldErrors ?? {};
  }

  /** The server's message meant for people, or null (the answer had none). */
  get serverMessage(): string | null {
    return this.body?.message ?? null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** The `ErrorBody` of @contracts/errors, checked by hand so zod stays out of the app shell's bundle. */
function parseErrorBody(text: string): ErrorBody | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null; // Not JSON (a proxy page or a bare status text): no message meant for people.
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    !('message' in value) ||
    typeof value.message !== 'string'
  ) {
    return null;
  }
  const perField =
    'fieldErrors' in value && isStringRecord(value.fieldErrors) ? value.fieldErrors : undefined;
  return { message: value.message, fieldErrors: perField };
}

/** Product §7: a non-OK answer is an error carrying the status and the server's answer. */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, await response.text(), response.statusText);
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The address of a call: the path with its parameters filled in, then the query (absent values left out). */
export function apiUrl(
  path: string,
  params: Record<string, string> = {},
  query: object | URLSearchParams | undefined = undefined,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const text = searchParamsOf(query).toString();
  return text ? `${filled}?${text}` : filled;
}

/** The query string a call sends: absent (undefined or null) values left out, a list as repeated names. */
export function searchParamsOf(query: object | URLSearchParams | undefined): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  return search;
}

type ParamsOption<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
type QueryOption<E extends Endpoint> =
  EndpointQuery<E> extends undefined
    ? { query?: undefined }
    : Record<never, never> extends NonNullable<EndpointQuery<E>>
      ? { query?: EndpointQuery<E> | URLSearchParams }
      : { query: EndpointQuery<E> | URLSearchParams };
type BodyOption<E extends Endpoint> =
  EndpointBody<E> extends undefined
    ? { body?: undefined }
    : undefined extends EndpointBody<E>
      ? { body?: EndpointBody<E> }
      : { body: EndpointBody<E> };

/** What a call of `E` sends: its path's parameters, its query and its body, each typed by the contract. */
export type ApiRequest<E extends Endpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> & {
    signal?: AbortSignal;
    /** A write's own key, kept with it (a step saved offline is sent again with the same key). */
    idempotencyKey?: string;
  };

/** `api()`'s arguments after the endpoint: none when nothing is required. */
export type ApiArgs<E extends Endpoint> =
  Record<never, never> extends ApiRequest<E> ? [request?: ApiRequest<E>] : [request: ApiRequest<E>];

/**
 * The shared request helper for a contract endpoint: JSON in (or a FormData for the multipart
 * uploads), cookie session always sent, the answer typed by the endpoint's response schema, an
 * `ApiError` for a non-OK answer. An empty answer (204) is null.
 */
export async function api<E extends Endpoint>(
  endpoint: E,
  ...[request]: ApiArgs<E>
): Promise<EndpointResponse<E>> {
  const response = await apiResponse(endpoint, ...([request] as ApiArgs<E>));
  const text = await response.text();
  // The server serialises every success through the endpoint's response schema.
  return (text ? JSON.parse(text) : null) as EndpointResponse<E>;
}

/**
 * One person's action, for its Idempotency-Key (decision 0033): the same call (method, address and
 * body) made again while the first is still on its way, or after it did not succeed (the network
 * failed, the server had an error or refused), is the same action and sends the same key, so the
 * server creates one thing and answers both alike. Once a call has succeeded, the same call made
 * again is a new action with a new key.
 */
interface Action {
  key: string;
  inFlight: number;
  /** When its last call ended without success; a retry long after is a new action. */
  unansweredAt: number | null;
}
const actions = new Map<string, Action>();
/** A retry this long after a call that did not succeed is taken for a new action. */
const RETRY_WINDOW_MS = 15 * 60_000;

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What makes two calls the same call; a file stands in by its name, size, type and date. */
function callSignature(method: HttpMethod, url: string, body: unknown): string {
  if (!(body instanceof FormData))
    return `${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`;
  const parts = [...body.entries()].map(([name, value]) =>
    typeof value === 'string'
      ? [name, value]
      : [name, value.name, value.size, value.type, value instanceof File ? value.lastModified : 0],
  );
  return `${method} ${url} ${JSON.stringify(parts)}`;
}

function startAction(signature: string): Action {
  const known = actions.get(signature);
  const retry =
    known &&
    (known.inFlight > 0 ||
      (known.unansweredAt !== null && Date.now() - known.unansweredAt < RETRY_WINDOW_MS));
  const action = retry ? known : { key: newKey(), inFlight: 0, unansweredAt: null };
  action.inFlight += 1;
  action.unansweredAt = null;
  actions.set(signature, action);
  return action;
}

function endAction(signature: string, action: Action, answered: boolean) {
  action.inFlight -= 1;
  if (!answered) action.unansweredAt = Date.now();
  if (action.inFlight === 0 && action.unansweredAt === null && actions.get(signature) === action) {
    actions.delete(signature);
  }
}

const WRITES: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH']);

async function send(
  method: HttpMethod,
  url: string,
  body: unknown,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<Response> {
  const multipart = body instanceof FormData;
  const signature = WRITES.has(method) && !idempotencyKey ? callSignature(method, url, body) : undefined;
  const action = signature === undefined ? undefined : startAction(signature);
  const key = idempotencyKey ?? action?.key;
  let answered = false;
  try {
    const response = await fetch(url, {
      method,
      // No Content-Type for FormData: the browser adds the multipart boundary itself.
      headers: {
        Accept: 'application/json',
        ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }),
        ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
    // Only a success ends the action: the server keeps no other answer, so sending the key again
    // after a refusal is harmless, and after a 5xx or a 409 "already sent" the first may yet
    // have created the thing, so a retry must be the same action.
    answered = response.ok;
    await throwIfNotOk(response);
    return response;
  } finally {
    if (signature !== undefined && action) endAction(signature, action, answered);
  }
}

/** `api()` with the answer's headers too (the admin lists' totals and cursors): `{ data, headers }`. */
export async function apiWithHeaders<E extends Endpoint>(
  endpoint: E,
  ...[request]: ApiArgs<E>
): Promise<{ data: EndpointResponse<E>; headers: Headers }> {
  const response = await apiResponse(endpoint, ...([request] as ApiArgs<E>));
  const text = await response.text();
  // The server serialises every success through the endpoint's response schema.
  return { data: (text ? JSON.parse(text) : null) as EndpointResponse<E>, headers: response.headers };
}

/** `api()`'s raw answer, for one that is not JSON (the data export's ZIP). */
export async function apiResponse<E extends Endpoint>(
  endpoint: E,
  ...[request]: ApiArgs<E>
): Promise<Response> {
  const { params, query, body, signal, idempotencyKey } = (request ?? {}) as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  return send(endpoint.method, apiUrl(endpoint.path, params, query), body, signal, idempotencyKey);
}

/**
 * The same for an address that is not built from a contract endpoint here (the first brief's helper): JSON
 * in, cookie session sent, an `ApiError` for a non-OK answer. Prefer `api()`.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  return send(method, url, body);
}

/**
 * A query function for a contract endpoint with `on401: 'returnNull'`: a 401 answer is null
 * (nobody is signed in, or the challenge has ended) rather than an error.
 */
export async function apiOrNullOn401<E extends Endpoint>(
  endpoint: E,
  ...args: ApiArgs<E>
): Promise<EndpointResponse<E> | null> {
  try {
    return await api(endpoint, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export type UnauthorizedBehaviour = 'throw' | 'returnNull';

/**
 * The query client's default fetch, for a query with no function of its own: GET the path made of
 * the query key, parse JSON. Every query of the app names its endpoint (`api()`); this stays for
 * any that does not.
 */
export function getQueryFn(options: { on401: 'returnNull' }): QueryFunction<unknown>;
export function getQueryFn(options: { on401: 'throw' }): QueryFunction<unknown>;
export function getQueryFn({ on401 }: { on401: UnauthorizedBehaviour }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as unknown;
  };
}

/** The server's `{ message }` for a toast or form alert, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.serverMessage : null) ?? fallback;
}

/** The server's per-field messages of a 400 answer (empty when there are none). */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}
