// The web's side of two-factor sign-in (decision 0012), without a browser: which answer of the
// sign-in means "a code is due", and where the server's refusals of a code are shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES, TwoFactorCodeInput } from '@contracts/auth-two-factor';
import { login } from '@web/features/auth/api/login';
import { twoFactorPendingQueryOptions } from '@web/features/auth/api/two-factor';
import { ApiError } from '@web/lib/api-client';
import { serverFormErrors } from '@web/lib/form-errors';
import { queryClient } from '@web/lib/query-client';

/** An error as `apiRequest` raises it: "<status>: <body>". */
const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

function stubFetch(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

const user = {
  id: 'u1',
  email: 'nia@example.org',
  firstName: 'Nia',
  lastName: 'Evans',
  role: 'customer',
  userType: 'customer',
  profileImageUrl: null,
};

describe('signing in with two-factor sign-in on', () => {
  it('reads 200 as signed in and 202 as the second step due', async () => {
    stubFetch(200, user);
    expect(await login({ email: user.email, password: 'x' })).toEqual({ kind: 'signedIn', user });
    stubFetch(202, { twoFactor: 'code' });
    expect(await login({ email: user.email, password: 'x' })).toEqual({ kind: 'twoFactor', step: 'code' });
    stubFetch(202, { twoFactor: 'setup' });
    expect(await login({ email: user.email, password: 'x' })).toEqual({ kind: 'twoFactor', step: 'setup' });
  });

  it('reads a 401 from GET /api/auth/two-factor as "nothing pending" (the expired message)', async () => {
    stubFetch(401, { message: TWO_FACTOR_MESSAGES.challengeExpired });
    const { queryFn } = twoFactorPendingQueryOptions();
    const context = {
      queryKey: ['/api/auth/two-factor'],
      signal: new AbortController().signal,
      meta: undefined,
      client: queryClient,
    } as never;
    expect(await (queryFn as (context: never) => Promise<unknown>)(context)).toBeNull();
  });

  it('shows a wrong code beside the field, and an expiry or a lock in the alert', () => {
    const wrong = apiError(400, {
      message: TWO_FACTOR_MESSAGES.codeWrong,
      fieldErrors: { code: TWO_FACTOR_MESSAGES.codeWrong },
    });
    expect(serverFormErrors(wrong, ['code'], 'fallback')).toEqual({
      fieldMessages: { code: TWO_FACTOR_MESSAGES.codeWrong },
      alert: null,
    });
    const locked = apiError(429, { message: TWO_FACTOR_MESSAGES.tooManyAttempts });
    expect(serverFormErrors(locked, ['code'], 'fallback').alert).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
  });
});

describe('the code field (the contract schema the forms validate with)', () => {
  it('takes 6 digits or a recovery code, ignoring spaces and case', () => {
    expect(TwoFactorCodeInput.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(TwoFactorCodeInput.parse({ code: 'ABCDE-23456' })).toEqual({ code: 'abcde-23456' });
  });

  it('asks for a code when empty and explains the format otherwise', () => {
    expect(TwoFactorCodeInput.safeParse({ code: '' }).error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.codeRequired,
    );
    expect(TwoFactorCodeInput.safeParse({ code: '12345' }).error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.codeFormat,
    );
  });
});
