import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { CustomerEditInput, SubscriptionChangeInput } from '@contracts/admin';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { reloadAdminLists } from './admin-queries';
import { useSendOnceMutation } from '@web/lib/use-send-once';

// The lists themselves are paged and searched: api/admin-lists.ts.

/** Which subscription call a screen makes (product §7). */
export type SubscriptionRoute =
  /** Admin dashboard: PATCH /api/admin/users/{id}/subscription. */
  | 'dashboard'
  /** Test customer page: PATCH /api/test/users/{id}/subscription. */
  | 'testPage'
  /** Admin Management: PUT /api/test/users/{id}/subscription. */
  | 'management';

const SUBSCRIPTION_CALLS = {
  dashboard: endpoints.admin.patchUsersByUserIdSubscription,
  testPage: endpoints.admin.patchTestUsersByUserIdSubscription,
  management: endpoints.admin.putTestUsersByUserIdSubscription,
} as const;

export function useChangeSubscription(route: SubscriptionRoute) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, input }: { userId: string; input: SubscriptionChangeInput }) => {
      await api(SUBSCRIPTION_CALLS[route], { params: { userId }, body: input });
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}

/** PUT /api/test/users/{id} {firstName, lastName, email}. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: CustomerEditInput }) => {
      await api(endpoints.admin.putTestUsersById, { params: { id }, body: input });
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}

/** DELETE /api/test/users/{id} (destructive, so the screens confirm first). */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(endpoints.admin.deleteTestUsersById, { params: { id } });
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}

/** POST /api/test/create-sample-users, no body. */
export function useCreateSampleCustomers() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: async () => {
      await api(endpoints.admin.postTestCreateSampleUsers);
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}
