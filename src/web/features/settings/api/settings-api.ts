// The settings page's calls. Every change that alters the person's name, photo or email
// stores or re-reads the current user, so the header's avatar menu follows at once.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CurrentUser } from '@contracts/auth';
import type {
  DeleteAccountInput,
  EmailChangeInput,
  PasswordChangeInput,
  ProfileUpdateInput,
} from '@contracts/settings';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';
import { currentUserQueryKey } from '@web/lib/auth';

export const sessionsQueryKey = endpointKey(endpoints.settings.getSessions);

export function sessionsQueryOptions() {
  return endpointQuery(endpoints.settings.getSessions);
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** Stores the answer as the current user (the header re-draws), then checks it with the server. */
function useStoreCurrentUser() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser) => {
    queryClient.setQueryData(currentUserQueryKey, user);
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

export function useUpdateProfile() {
  const store = useStoreCurrentUser();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) =>
      await api(endpoints.settings.putProfile, { body: input }),
    onSuccess: store,
  });
}

/** POST /api/settings/photo: multipart, one `photo` field. */
async function uploadPhoto(file: File): Promise<CurrentUser> {
  const body = new FormData();
  body.append('photo', file);
  return await api(endpoints.settings.postPhoto, { body });
}

export function useUploadProfilePhoto() {
  const store = useStoreCurrentUser();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: store });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmailChangeInput) => await api(endpoints.settings.postEmail, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PasswordChangeInput) => {
      await api(endpoints.settings.postPassword, { body: input });
    },
    // Every other session has ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(endpoints.settings.deleteSessionsById, { params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api(endpoints.settings.postSessionsSignOutOthers);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/**
 * GET /api/settings/account/deletion: what deleting the account would do to its care
 * arrangements, fetched when the dialog opens (always fresh: an arrangement may have just changed).
 */
export function useDeletionPreview(enabled: boolean) {
  return useQuery({
    ...endpointQuery(endpoints.privacy.getSettingsAccountDeletion),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** DELETE /api/settings/account: the account is gone and its session with it. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await api(endpoints.privacy.deleteSettingsAccount, { body: input });
    },
  });
}

/**
 * Switches the app to signed out and drops every cached answer of the deleted account. Called
 * after navigating away, so the signed-in-only page is never drawn for a signed-out visitor.
 */
export function useForgetAccount() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    queryClient.setQueryData(currentUserQueryKey, null);
  };
}
