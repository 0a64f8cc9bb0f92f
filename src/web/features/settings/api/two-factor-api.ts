// Two-factor sign-in on /settings. Each change re-reads the status.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { TwoFactorEnableInput, TwoFactorPasswordInput } from '@contracts/auth-two-factor';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';

export const twoFactorStatusQueryKey = endpointKey(endpoints.auth.getSettingsTwoFactor);

export function twoFactorStatusQueryOptions() {
  return endpointQuery(endpoints.auth.getSettingsTwoFactor);
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
    mutationFn: async () => await api(endpoints.auth.postSettingsTwoFactorSetup),
  });
}

export function useEnableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (input: TwoFactorEnableInput) =>
      await api(endpoints.auth.postSettingsTwoFactorEnable, { body: input }),
    onSuccess: refresh,
  });
}

/** New recovery codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (input: TwoFactorPasswordInput) =>
      api(endpoints.auth.postSettingsTwoFactorRecoveryCodes, { body: input }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: async (input: TwoFactorPasswordInput) => {
      await api(endpoints.auth.deleteSettingsTwoFactor, { body: input });
    },
    onSuccess: refresh,
  });
}
