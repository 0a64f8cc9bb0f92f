// The settings and password-reset pages' own rules, without a browser.
import { describe, expect, it } from 'vitest';
import {
  DELETE_CONFIRMATION_WORD,
  DeleteAccountInput,
  EmailChangeInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  SETTINGS_MESSAGES,
} from '@contracts/settings';
import { paths } from '@contracts/paths';
import { isResetLinkInvalid } from '@web/features/auth/api/password-reset';
import { formatLastSeen } from '@web/features/settings/format';
import { ApiError } from '@web/lib/api-client';
import { serverFormErrors } from '@web/lib/form-errors';

/** An error as `apiRequest` raises it: "<status>: <body>". */
const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('settings forms (the contract schemas the pages validate with)', () => {
  it('asks for both names', () => {
    expect(firstMessage(ProfileUpdateInput.safeParse({ firstName: ' ', lastName: 'Evans' }))).toBe(
      'First name is required',
    );
    expect(ProfileUpdateInput.safeParse({ firstName: 'Nia', lastName: 'Evans' }).success).toBe(true);
  });

  it('asks for the current password before an email change', () => {
    expect(
      firstMessage(EmailChangeInput.safeParse({ newEmail: 'nia@example.org', currentPassword: '' })),
    ).toBe(SETTINGS_MESSAGES.currentPasswordRequired);
  });

  it('refuses a new password equal to the current one, beside the new password', () => {
    const result = PasswordChangeInput.safeParse({
      currentPassword: 'Heather-Lantern-Quay-58',
      newPassword: 'Heather-Lantern-Quay-58',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: SETTINGS_MESSAGES.passwordsDiffer,
    });
  });

  it('deletes only when DELETE is typed exactly', () => {
    for (const confirmation of ['delete', 'DELETE ', 'Delete', '']) {
      const result = DeleteAccountInput.safeParse({ password: 'x', confirmation });
      expect(result.error?.issues[0]).toMatchObject({
        path: ['confirmation'],
        message: SETTINGS_MESSAGES.deleteConfirmationWrong,
      });
    }
    expect(
      DeleteAccountInput.safeParse({ password: 'x', confirmation: DELETE_CONFIRMATION_WORD }).success,
    ).toBe(true);
  });
});

describe("the server's answers on the settings forms", () => {
  it('puts a wrong current password beside its field and not in the alert', () => {
    const error = apiError(400, {
      message: SETTINGS_MESSAGES.currentPasswordWrong,
      fieldErrors: { currentPassword: SETTINGS_MESSAGES.currentPasswordWrong },
    });
    expect(serverFormErrors(error, ['currentPassword', 'newPassword'], 'fallback')).toEqual({
      fieldMessages: { currentPassword: SETTINGS_MESSAGES.currentPasswordWrong },
      alert: null,
    });
  });

  it('puts an email already in use (409) beside the new email', () => {
    const error = apiError(409, { message: 'An account already uses this email address.' });
    expect(serverFormErrors(error, ['newEmail', 'currentPassword'], 'fallback', 'newEmail')).toEqual({
      fieldMessages: { newEmail: 'An account already uses this email address.' },
      alert: null,
    });
  });

  it('shows a message of no field (an admin deleting themselves) in the alert', () => {
    const error = apiError(403, { message: SETTINGS_MESSAGES.adminCannotSelfDelete });
    expect(serverFormErrors(error, ['password', 'confirmation'], 'fallback').alert).toBe(
      SETTINGS_MESSAGES.adminCannotSelfDelete,
    );
  });
});

describe('a reset link that no longer works', () => {
  it('is recognised from the token message', () => {
    expect(
      isResetLinkInvalid(
        apiError(400, {
          message: SETTINGS_MESSAGES.resetLinkInvalid,
          fieldErrors: { token: SETTINGS_MESSAGES.resetLinkInvalid },
        }),
      ),
    ).toBe(true);
  });

  it('is not confused with a refused new password or a network failure', () => {
    expect(
      isResetLinkInvalid(
        apiError(400, {
          message: 'This password is too common.',
          fieldErrors: { newPassword: 'This password is too common.' },
        }),
      ),
    ).toBe(false);
    expect(isResetLinkInvalid(new TypeError('Failed to fetch'))).toBe(false);
    expect(isResetLinkInvalid(apiError(500, { message: 'Internal error' }))).toBe(false);
  });
});

describe('signed-in devices', () => {
  it('shows when a device was last seen as an en-GB date and time', () => {
    expect(formatLastSeen('2026-11-23T10:05:00.000Z', 'Europe/London')).toBe('23 Nov 2026, 10:05');
    expect(formatLastSeen('2026-07-01T10:05:00.000Z', 'Europe/London')).toBe('1 Jul 2026, 11:05');
    expect(formatLastSeen('not a date')).toBe('N/A');
  });
});

describe('the new public pages', () => {
  it('have the paths the emailed links point at', () => {
    expect(paths.forgotPassword).toBe('/forgot-password');
    expect(paths.resetPassword).toBe('/reset-password');
    expect(paths.confirmEmail).toBe('/confirm-email');
  });
});
