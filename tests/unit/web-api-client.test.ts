import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorMessage, fieldErrors, getQueryFn } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

type FetchArgs = [string, RequestInit];

function stubFetch(status: number, body: string, statusText = '') {
  const calls: FetchArgs[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return new Response(status === 204 ? null : body, { status, statusText });
  });
  return calls;
}

const queryContext = (queryKey: string[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: queryClient }) as never;

afterEach(() => vi.unstubAllGlobals());

describe('the shared request helper (SPEC sections 7 and 8)', () => {
  it('sends JSON with credentials', async () => {
    const calls = stubFetch(200, '{}');
    await apiRequest('POST', '/api/messages', { content: 'Hello' });
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/messages');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"content":"Hello"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends a FormData as it is, leaving the multipart Content-Type to the browser', async () => {
    const calls = stubFetch(200, '{}');
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'me.png');
    await apiRequest('POST', '/api/carers/c1/photo', form);
    const [, init] = calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('raises "STATUS: body" on a non-OK answer', async () => {
    stubFetch(400, '{"message":"Description must be at least 50 characters"}');
    await expect(apiRequest('POST', '/api/carers', {})).rejects.toThrow(
      '400: {"message":"Description must be at least 50 characters"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(502, '', 'Bad Gateway');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad Gateway');
  });

  it("reads the server's message and field messages back out of such an error", () => {
    const error = new Error(
      '400: {"message":"Password must be at least 8 characters","fieldErrors":{"password":"Password must be at least 8 characters"}}',
    );
    expect(errorMessage(error, 'Please try again.')).toBe('Password must be at least 8 characters');
    expect(fieldErrors(error)).toEqual({ password: 'Password must be at least 8 characters' });
    expect(errorMessage(new Error('502: <html>proxy</html>'), 'Please try again.')).toBe('Please try again.');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
  });
});

describe('the default data fetch', () => {
  it('GETs the path made of the query key with credentials and parses JSON', async () => {
    const calls = stubFetch(200, '{"id":"1"}');
    const data = await getQueryFn({ on401: 'throw' })(queryContext(['/api/carers', 'abc', 'reviews']));
    expect(data).toEqual({ id: '1' });
    expect(calls[0]![0]).toBe('/api/carers/abc/reviews');
    expect(calls[0]![1].credentials).toBe('include');
  });

  it('returns null on 401 when configured, and throws otherwise', async () => {
    stubFetch(401, '{"message":"Please sign in to continue."}');
    expect(await getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Please sign in to continue."}',
    );
  });
});

describe('query defaults (SPEC section 7)', () => {
  it('never retries, never refetches on focus, never polls, never goes stale', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
