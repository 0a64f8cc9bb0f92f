import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@contracts/endpoints';
import { IDEMPOTENCY_KEY_HEADER } from '@contracts/error-messages';
import {
  api,
  ApiError,
  apiOrNullOn401,
  apiRequest,
  errorMessage,
  fieldErrors,
  getQueryFn,
} from '@web/lib/api-client';
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

describe('the shared request helper (product §7 and §8)', () => {
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

  it("raises an ApiError with the status and the server's message on a non-OK answer", async () => {
    stubFetch(400, '{"message":"Description must be at least 50 characters"}');
    const error: unknown = await apiRequest('POST', '/api/carers', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Description must be at least 50 characters',
      body: { message: 'Description must be at least 50 characters' },
      fieldErrors: {},
    });
  });

  it('uses "STATUS: status text" as the message when the body is empty', async () => {
    stubFetch(502, '', 'Bad Gateway');
    const error: unknown = await apiRequest('GET', '/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      message: '502: Bad Gateway',
      body: null,
      serverMessage: null,
    });
  });

  it("reads the server's message and field messages out of such an error", () => {
    const error = new ApiError(
      400,
      '{"message":"Password must be at least 8 characters","fieldErrors":{"password":"Password must be at least 8 characters"}}',
    );
    expect(errorMessage(error, 'Please try again.')).toBe('Password must be at least 8 characters');
    expect(fieldErrors(error)).toEqual({ password: 'Password must be at least 8 characters' });
    expect(error.fieldErrors).toEqual({ password: 'Password must be at least 8 characters' });
    expect(errorMessage(new ApiError(502, '<html>proxy</html>'), 'Please try again.')).toBe(
      'Please try again.',
    );
    expect(new ApiError(502, '<html>proxy</html>').message).toBe('502: <html>proxy</html>');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
    expect(fieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });
});

describe('the typed client (issue 23 point 4)', () => {
  it('types each call by its endpoint, so a wrong path parameter, body or answer fails the type-check', () => {
    // Never called: the type-check is the test (`npm run typecheck` fails if an error below is missing).
    const typed = async () => {
      // @ts-expect-error: '/api/carers/:id' needs its id
      await api(endpoints.carers.getById);
      // @ts-expect-error: the parameter is `id`, not `carerId`
      await api(endpoints.carers.getById, { params: { carerId: 'c1' } });
      // @ts-expect-error: not the body of POST /api/contact
      await api(endpoints.contact.post, { body: { text: 'Hello' } });
      const unread: { unread: number } = await api(endpoints.messaging.getMessagesUnread);
      // @ts-expect-error: the answer has no such field
      void unread.total;
    };
    expect(typed).toBeTypeOf('function');
  });

  it("builds the address from the endpoint's path, parameters and query, and sends the body", async () => {
    const calls = stubFetch(200, '{"rating":5}');
    await api(endpoints.reviews.putCarersByIdReviewsMine, {
      params: { id: 'c 1/2' },
      body: { rating: 5, comment: 'Kind and punctual, every visit.' },
    });
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/carers/c%201%2F2/reviews/mine');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include' });
    expect(JSON.parse(init.body as string)).toEqual({
      rating: 5,
      comment: 'Kind and punctual, every visit.',
    });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');

    await api(endpoints.carers.get, { query: { near: 'LS6 2AB', limit: 3, location: undefined } });
    expect(calls[1]![0]).toBe('/api/carers?near=LS6+2AB&limit=3');
    expect(calls[1]![1]).toMatchObject({ method: 'GET', body: undefined });
  });

  it('returns the parsed answer, null for an empty one (204)', async () => {
    stubFetch(200, '{"unread":4}');
    expect(await api(endpoints.messaging.getMessagesUnread)).toEqual({ unread: 4 });
    stubFetch(204, '');
    expect(await api(endpoints.settings.postSessionsSignOutOthers)).toBeNull();
  });

  it('throws an ApiError with the fields of a 400, and null on 401 where asked', async () => {
    stubFetch(
      400,
      '{"message":"Enter a valid email address","fieldErrors":{"email":"Enter a valid email address"}}',
    );
    const error: unknown = await api(endpoints.settings.postEmail, {
      body: { newEmail: 'x', currentPassword: 'y' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, fieldErrors: { email: 'Enter a valid email address' } });

    stubFetch(401, '{"message":"Please sign in to continue."}');
    expect(await apiOrNullOn401(endpoints.auth.getSession)).toBeNull();
    await expect(api(endpoints.auth.getSession)).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in to continue.',
    });
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
    const error: unknown = await Promise.resolve()
      .then(() => getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user'])))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Please sign in to continue.' });
  });
});

describe('query defaults (product §7)', () => {
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

describe('the Idempotency-Key of each action (decision 0033)', () => {
  const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER];

  /** A fetch whose answers the test releases one by one, in order. */
  function heldFetch() {
    const calls: FetchArgs[] = [];
    const waiting: Array<(response: Response) => void> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Promise<Response>((resolve) => waiting.push(resolve));
    });
    return { calls, answer: (status: number) => waiting.shift()!(new Response('{}', { status })) };
  }

  it('sends one key for a double submit: the same call made while the first is on its way', async () => {
    const { calls, answer } = heldFetch();
    const body = { recipient: 'My mother', hoursPerWeek: 6 };
    const first = api(endpoints.careRequests.post, { body: body as never });
    const second = api(endpoints.careRequests.post, { body: { ...body } as never });
    answer(201);
    answer(201);
    await Promise.all([first, second]);
    expect(keyOf(calls[0]![1])).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keyOf(calls[1]![1])).toBe(keyOf(calls[0]![1]));
  });

  it('sends a new key for the same call once the first has succeeded, and for a different call', async () => {
    const calls = stubFetch(201, '{}');
    await apiRequest('POST', '/api/conversations/c1/messages', { content: 'ok' });
    await apiRequest('POST', '/api/conversations/c1/messages', { content: 'ok' });
    await apiRequest('POST', '/api/conversations/c1/messages', { content: 'ok, Tuesday' });
    const keys = calls.map(([, init]) => keyOf(init));
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps the key for a retry after no answer or an error, so the server can tell it is a repeat', async () => {
    let fail = true;
    const calls: FetchArgs[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      if (fail) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 201 });
    });
    await expect(apiRequest('POST', '/api/contact', { message: 'Hi' })).rejects.toThrow('Failed to fetch');
    fail = false;
    await apiRequest('POST', '/api/contact', { message: 'Hi' });
    expect(keyOf(calls[1]![1])).toBe(keyOf(calls[0]![1]));
    await apiRequest('POST', '/api/contact', { message: 'Hi' });
    expect(keyOf(calls[2]![1])).not.toBe(keyOf(calls[1]![1]));
  });

  it('treats an upload of the same files as the same call, and sends no key on a read', async () => {
    const { calls, answer } = heldFetch();
    const form = () => {
      const data = new FormData();
      data.append('insurer', 'Hiscox');
      data.append(
        'document',
        new File(['%PDF'], 'schedule.pdf', { type: 'application/pdf', lastModified: 1 }),
      );
      return data;
    };
    const first = apiRequest('POST', '/api/carers/my-profile/insurance', form());
    const second = apiRequest('POST', '/api/carers/my-profile/insurance', form());
    answer(201);
    answer(201);
    await Promise.all([first, second]);
    expect(keyOf(calls[1]![1])).toBe(keyOf(calls[0]![1]));
    const reads = stubFetch(200, '{}');
    await apiRequest('GET', '/api/care-requests/mine');
    expect(keyOf(reads[0]![1])).toBeUndefined();
  });
});
