// Issue 8: the settings page's calls. Every change that alters the person's name, photo or email
// stores or re-reads the current user, so the header's avatar menu follows at once.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/auth';
import type {
  ActiveSession,
  DeleteAccountInput,
  EmailChangeInput,
  EmailChangePending,
  PasswordChangeInput,
  ProfileUpdateInput,
} from '@contracts/settings';
import { apiRequest, getQueryFn } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

export const SESSIONS_URL = '/api/settings/sessions';
export const sessionsQueryKey = [SESSIONS_URL] as const;
/** The ZIP of issue 8 point 4, downloaded by a plain link. */
export const EXPORT_URL = '/api/settings/export';

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: getQueryFn<ActiveSession[]>({ on401: 'throw' }),
  });
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
      (await (await apiRequest('PUT', '/api/settings/profile', input)).json()) as CurrentUser,
    onSuccess: store,
  });
}

/** POST /api/settings/photo: multipart, one `photo` field. */
async function uploadPhoto(file: File): Promise<CurrentUser> {
  const body = new FormData();
  body.append('photo', file);
  return (await (await apiRequest('POST', '/api/settings/photo', body)).json()) as CurrentUser;
}

export function useUploadProfilePhoto() {
  const store = useStoreCurrentUser();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: store });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmailChangeInput) =>
      (await (await apiRequest('POST', '/api/settings/email', input)).json()) as EmailChangePending,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PasswordChangeInput) => {
      await apiRequest('POST', '/api/settings/password', input);
    },
    // Every other session has ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${SESSIONS_URL}/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', `${SESSIONS_URL}/sign-out-others`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** DELETE /api/settings/account: the account is gone and its session with it. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiRequest('DELETE', '/api/settings/account', input);
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
