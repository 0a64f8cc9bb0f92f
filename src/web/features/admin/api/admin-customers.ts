import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerEditInput, SubscriptionChangeInput } from '@contracts/admin';
import { endpoints } from '@contracts/endpoints';
import { apiRequest, api } from '@web/lib/api-client';
import { reloadAdminLists } from './admin-queries';

// The lists themselves are paged and searched: api/admin-lists.ts (issue 21 point 11).

const userPath = (base: string, id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;

/** Which subscription call a screen makes (SPEC section 7). */
export type SubscriptionRoute =
  /** Admin dashboard: PATCH /api/admin/users/{id}/subscription. */
  | 'dashboard'
  /** Test customer page: PATCH /api/test/users/{id}/subscription. */
  | 'testPage'
  /** Admin Management: PUT /api/test/users/{id}/subscription. */
  | 'management';

const SUBSCRIPTION_CALLS = {
  dashboard: { method: 'PATCH', base: '/api/admin/users' },
  testPage: { method: 'PATCH', base: '/api/test/users' },
  management: { method: 'PUT', base: '/api/test/users' },
} as const;

export function useChangeSubscription(route: SubscriptionRoute) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, input }: { userId: string; input: SubscriptionChangeInput }) => {
      const call = SUBSCRIPTION_CALLS[route];
      await apiRequest(call.method, userPath(call.base, userId, '/subscription'), input);
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

/** DELETE /api/test/users/{id} (the screens confirm first: issue 21 point 6). */
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
  return useMutation({
    mutationFn: async () => {
      await api(endpoints.admin.postTestCreateSampleUsers);
    },
    onSuccess: () => reloadAdminLists(queryClient),
  });
}
