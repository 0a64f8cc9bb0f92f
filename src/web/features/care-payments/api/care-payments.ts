// Paying carers by card (decision 0039): the carer's account and onboarding, and paying an invoice.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoCardPaymentInput, InvoiceCardPayment } from '@contracts/care-payments';
import { endpoints } from '@contracts/endpoints';
import type { DisputeHandledFormValues } from '@contracts/records';
import { api, apiResponse } from '@web/lib/api-client';
import { saveDownload } from '@web/lib/download';
import { endpointKey, endpointQuery } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

const accountKey = endpointKey(endpoints.carePayments.getCarePaymentsAccount);

export function useCardPaymentsAccount() {
  return useQuery(endpointQuery(endpoints.carePayments.getCarePaymentsAccount));
}

/** The provider's onboarding page (single use): the browser goes there. */
export function useStartOnboarding() {
  return useSendOnceMutation({
    mutationFn: () => api(endpoints.carePayments.postCarePaymentsAccountOnboarding),
  });
}

export function useFinishDemoOnboarding() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: () => api(endpoints.carePayments.postCarePaymentsDemoOnboarding),
    onSuccess: (account) => queryClient.setQueryData(accountKey, account),
  });
}

const invoiceRequest = (id: string) => ({ params: { id } });

/** The invoice's card payment; asked again every 2 s while the bank is deciding. */
export function useInvoiceCardPayment(invoiceId: string, waiting: boolean) {
  return useQuery({
    ...endpointQuery(endpoints.carePayments.getInvoicesByIdCardPayment, invoiceRequest(invoiceId)),
    refetchInterval: (query) => (waiting || query.state.data?.state === 'processing' ? 2_000 : false),
  });
}

function usePaymentMutation<V>(invoiceId: string, send: (variables: V) => Promise<InvoiceCardPayment>) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: send,
    onSuccess: (payment: InvoiceCardPayment) =>
      queryClient.setQueryData(
        endpointKey(endpoints.carePayments.getInvoicesByIdCardPayment, invoiceRequest(invoiceId)),
        payment,
      ),
  });
}

export const useStartInvoicePayment = (invoiceId: string) =>
  usePaymentMutation(invoiceId, () =>
    api(endpoints.carePayments.postInvoicesByIdCardPayment, invoiceRequest(invoiceId)),
  );

export const usePayWithSavedCard = (invoiceId: string) =>
  usePaymentMutation(invoiceId, () =>
    api(endpoints.carePayments.postInvoicesByIdCardPaymentSavedCard, invoiceRequest(invoiceId)),
  );

export const useConfirmDemoPayment = (invoiceId: string) =>
  usePaymentMutation(invoiceId, (body: DemoCardPaymentInput) =>
    api(endpoints.carePayments.postCarePaymentsDemoConfirm, { body }),
  );

// ── admins: payments, fees and payouts; card disputes (decision 0041) ─────────────────────────
export const useAdminMoneyOverview = (month: string) =>
  useQuery(endpointQuery(endpoints.records.getAdminCarePaymentsOverview, { query: { month } }));

export const useAdminDisputes = () =>
  useQuery(endpointQuery(endpoints.carePayments.getAdminCarePaymentsDisputes));

export async function downloadAdminOverviewCsv(month: string): Promise<void> {
  await saveDownload(
    await apiResponse(endpoints.records.getAdminCarePaymentsOverviewCsv, { query: { month } }),
    'payments.csv',
  );
}

export function useMarkDisputeHandled(id: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (body: DisputeHandledFormValues) =>
      api(endpoints.records.postAdminCarePaymentsDisputesByIdHandled, { params: { id }, body }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(endpoints.carePayments.getAdminCarePaymentsDisputes),
      }),
  });
}

/** The carer's card payments received (fee, refunds, disputes, payout). */
export function useCarerCardPayments() {
  return useQuery(endpointQuery(endpoints.carePayments.getCarePaymentsPayments));
}
