// Forgotten passwords and the emailed links (reset a password, confirm a new email).
import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import {
  SETTINGS_MESSAGES,
  type ForgotPasswordInput,
  type ResetPasswordInput,
  type TokenInput,
} from '@contracts/settings';
import { endpoints } from '@contracts/endpoints';
import { api, ApiError } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

/** POST /api/auth/forgot-password: always 202, whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: ForgotPasswordInput) => {
      await api(endpoints.auth.postAuthForgotPassword, { body: input });
    },
  });
}

/** POST /api/auth/reset-password with the token from the emailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) => {
      await api(endpoints.auth.postAuthResetPassword, { body: input });
    },
  });
}

/** POST /api/settings/email/confirm: the new address takes effect; the current user is read again. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TokenInput) => {
      await api(endpoints.settings.postEmailConfirm, { body: input });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/**
 * A refused reset whose link is spent or expired (the server's message is about the token), as
 * opposed to one whose new password was refused (that message goes beside the field).
 */
export function isResetLinkInvalid(error: unknown): boolean {
  const details = error instanceof ApiError ? error : null;
  if (!details || details.fieldErrors.newPassword) return false;
  return (
    details.serverMessage === SETTINGS_MESSAGES.resetLinkInvalid ||
    'token' in details.fieldErrors ||
    details.status === 404 ||
    details.status === 410
  );
}
