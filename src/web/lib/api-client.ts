import type { QueryFunction } from '@tanstack/react-query';
import type { ErrorBody } from '@contracts/errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** SPEC 8: a non-OK answer becomes `Error("<status>: <body text or status text>")`. */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new Error(`${response.status}: ${bodyText || response.statusText}`);
}

/**
 * The shared request helper: JSON in (or a FormData for the multipart uploads), cookie session
 * always sent.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const multipart = body instanceof FormData;
  const response = await fetch(url, {
    method,
    // No Content-Type for FormData: the browser adds the multipart boundary itself.
    headers:
      body === undefined || multipart
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export type UnauthorizedBehaviour = 'throw' | 'returnNull';

/** The default data fetch: GET the path made of the query key, parse JSON. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehaviour }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export type ApiErrorDetails = {
  status: number;
  message: string | null;
  fieldErrors: Record<string, string>;
};

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

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/**
 * Reads an error raised by `apiRequest`/`getQueryFn` back into its parts.
 * Returns null for anything else (a network failure, a bug).
 */
export function parseApiError(error: unknown): ApiErrorDetails | null {
  if (!(error instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(error.message);
  if (!match) return null;
  const [, status = '0', text = ''] = match;
  const body = parseErrorBody(text);
  return { status: Number(status), message: body?.message ?? null, fieldErrors: body?.fieldErrors ?? {} };
}

/** The server's `{ message }` for a toast or form alert, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return parseApiError(error)?.message ?? fallback;
}

/** The server's per-field messages of a 400 answer (empty when there are none). */
export function fieldErrors(error: unknown): Record<string, string> {
  return parseApiError(error)?.fieldErrors ?? {};
}
