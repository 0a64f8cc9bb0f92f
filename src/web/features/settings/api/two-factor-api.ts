// Issue 8 point 3: two-factor sign-in on /settings. Each change re-reads the status.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TwoFactorEnableInput,
  TwoFactorEnrolment,
  TwoFactorPasswordInput,
  TwoFactorStatus,
} from '@contracts/two-factor';
import { apiRequest, getQueryFn } from '@web/lib/api-client';

export const TWO_FACTOR_SETTINGS_URL = '/api/settings/two-factor';
export const twoFactorStatusQueryKey = [TWO_FACTOR_SETTINGS_URL] as const;

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorStatusQueryKey,
    queryFn: getQueryFn<TwoFactorStatus>({ on401: 'throw' }),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey });
}

/** A new secret (and its QR code), not yet in force: turning on needs a code made from it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `${TWO_FACTOR_SETTINGS_URL}/setup`)).json()) as TwoFactorEnrolment,
  });
}

export function useEnableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (input: TwoFactorEnableInput) =>
      (await (await apiRequest('POST', `${TWO_FACTOR_SETTINGS_URL}/enable`, input)).json()) as RecoveryCodes,
    onSuccess: refresh,
  });
}

/** New recovery codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (input: TwoFactorPasswordInput) =>
      (await (
        await apiRequest('POST', `${TWO_FACTOR_SETTINGS_URL}/recovery-codes`, input)
      ).json()) as RecoveryCodes,
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (input: TwoFactorPasswordInput) => {
      await apiRequest('DELETE', TWO_FACTOR_SETTINGS_URL, input);
    },
    onSuccess: refresh,
  });
}
