// The family circle (decision 0036): the holder's circle, the circles one is in, invitations and
// the notification settings. Query keys are made from the endpoints (lib/query-keys.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CircleInvitationInput, CircleRole, NotificationSettingInput } from '@contracts/circle';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { arrangementsQueryKey, visitsQueryKey } from '@web/features/arrangements';

export const circleQueryKey = endpointKey(endpoints.circle.get);
export const notificationSettingsQueryKey = endpointKey(endpoints.circle.getSettingsNotifications);
/** The secret is sent in the body, so the key is the address, then the secret (in memory only). */
export const invitationPreviewQueryKey = (token: string) => [
  ...endpointKey(endpoints.circle.postInvitationsPreview, {}),
  token,
];

/** GET /api/circle: one's own circle (families) and the circles one belongs to. */
export function useCircle() {
  return useQuery({
    queryKey: circleQueryKey,
    queryFn: ({ signal }) => api(endpoints.circle.get, { signal }),
  });
}

/** Every change to a circle: the list is asked again, whatever the answer was. */
function useCircleMutation<V, R>(mutationFn: (variables: V) => Promise<R>, alsoCare = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: circleQueryKey });
      // Joining or leaving a circle changes the arrangements and visits one sees.
      if (alsoCare) {
        await queryClient.invalidateQueries({ queryKey: arrangementsQueryKey });
        await queryClient.invalidateQueries({ queryKey: visitsQueryKey });
      }
    },
  });
}

/** POST /api/circle/invitations; sending again to the same address replaces the open invitation. */
export const useInvite = () =>
  useCircleMutation((input: CircleInvitationInput) => api(endpoints.circle.postInvitations, { body: input }));

export const useCancelInvitation = () =>
  useCircleMutation((id: string) => api(endpoints.circle.deleteInvitationsById, { params: { id } }));

export const useSetMemberRole = () =>
  useCircleMutation(({ id, role }: { id: string; role: CircleRole }) =>
    api(endpoints.circle.patchMembersById, { params: { id }, body: { role } }),
  );

export const useRemoveMember = () =>
  useCircleMutation((id: string) => api(endpoints.circle.deleteMembersById, { params: { id } }));

export const useLeaveCircle = () =>
  useCircleMutation((id: string) => api(endpoints.circle.deleteMembershipsById, { params: { id } }), true);

/** POST /api/circle/invitations/preview: whose circle the link is for (the secret in the body). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationPreviewQueryKey(token),
    queryFn: ({ signal }) => api(endpoints.circle.postInvitationsPreview, { body: { token }, signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export const useAcceptInvitation = () =>
  useCircleMutation(
    (token: string) => api(endpoints.circle.postInvitationsAccept, { body: { token } }),
    true,
  );

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => api(endpoints.circle.getSettingsNotifications, { signal }),
  });
}

export function useSetNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingInput) =>
      api(endpoints.circle.putSettingsNotifications, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
