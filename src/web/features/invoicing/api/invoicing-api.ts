// Timesheets and invoices (decision 0038): queries and the writes that change them. Type imports
// only from the contracts; every key comes from its endpoint.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '@contracts/endpoints';
import type {
  CarerInvoicingSettingsFormValues,
  CreditNoteFormValues,
  FamilyBillingDetailsFormValues,
  Invoice,
  LineUpdateInput,
  MarkPaidFormValues,
  QueryFormValues,
  Timesheet,
} from '@contracts/invoicing';
import { api, apiResponse } from '@web/lib/api-client';
import { saveDownload } from '@web/lib/download';
import { endpointKey, endpointQuery, invalidateUnder } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

const timesheetsKey = endpointKey(endpoints.invoicing.getTimesheets);
const invoicesKey = endpointKey(endpoints.invoicing.getInvoices);
const timesheetKey = (id: string) => endpointKey(endpoints.invoicing.getTimesheetsById, { params: { id } });

/** After any change: every timesheet and invoice query (approving one issues the other). */
const refresh = (queryClient: QueryClient) => invalidateUnder(queryClient, [timesheetsKey, invoicesKey]);

export const useTimesheets = () => useQuery(endpointQuery(endpoints.invoicing.getTimesheets));
export const useTimesheet = (id: string) =>
  useQuery(endpointQuery(endpoints.invoicing.getTimesheetsById, { params: { id } }));
export const useInvoices = () => useQuery(endpointQuery(endpoints.invoicing.getInvoices));
export const useInvoice = (id: string) =>
  useQuery(endpointQuery(endpoints.invoicing.getInvoicesById, { params: { id } }));

/** One write to a timesheet: its answer is the timesheet as it now is. */
function useTimesheetWrite<V>(send: (variables: V) => Promise<Timesheet>) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: send,
    onSuccess: (sheet) => queryClient.setQueryData(timesheetKey(sheet.id), sheet),
    onSettled: () => refresh(queryClient),
  });
}

export type AddedLineFormValues =
  | { kind: 'mileage'; date: string; miles: string; ratePence?: number | string; note: string }
  | { kind: 'expense'; date: string; amount: string; note: string };

export const useAddLine = (timesheetId: string) =>
  useTimesheetWrite((body: AddedLineFormValues) =>
    api(endpoints.invoicing.postTimesheetsByIdLines, { params: { id: timesheetId }, body }),
  );
export const useUpdateLine = () =>
  useTimesheetWrite(({ lineId, body }: { lineId: string; body: LineUpdateInput | AddedLineFormValues }) =>
    api(endpoints.invoicing.putTimesheetLinesById, { params: { id: lineId }, body }),
  );
export const useDeleteLine = () =>
  useTimesheetWrite((lineId: string) =>
    api(endpoints.invoicing.deleteTimesheetLinesById, { params: { id: lineId } }),
  );
export const useSubmitTimesheet = (id: string) =>
  useTimesheetWrite(() => api(endpoints.invoicing.postTimesheetsByIdSubmit, { params: { id } }));
export const useApproveTimesheet = (id: string) =>
  useTimesheetWrite(() => api(endpoints.invoicing.postTimesheetsByIdApprove, { params: { id } }));
export const useQueryLine = (id: string) =>
  useTimesheetWrite((body: QueryFormValues) =>
    api(endpoints.invoicing.postTimesheetsByIdQuery, { params: { id }, body }),
  );

/** One write to an invoice. */
function useInvoiceWrite<V>(send: (variables: V) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({ mutationFn: send, onSettled: () => refresh(queryClient) });
}

export const useCreditNote = (id: string) =>
  useInvoiceWrite((body: CreditNoteFormValues) =>
    api(endpoints.invoicing.postInvoicesByIdCreditNotes, { params: { id }, body }),
  );
export const useMarkPaid = (id: string) =>
  useInvoiceWrite((body: MarkPaidFormValues) =>
    api(endpoints.invoicing.postInvoicesByIdMarkPaid, { params: { id }, body }),
  );
export const useConfirmPaid = (id: string) =>
  useInvoiceWrite(() => api(endpoints.invoicing.postInvoicesByIdConfirmPaid, { params: { id } }));

export const useCarerInvoicingSettings = (enabled: boolean) =>
  useQuery({ ...endpointQuery(endpoints.invoicing.getInvoicingSettings), enabled });
export const useFamilyBilling = (enabled: boolean) =>
  useQuery({ ...endpointQuery(endpoints.invoicing.getInvoicingBilling), enabled });

export function useSaveCarerSettings() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (body: CarerInvoicingSettingsFormValues) =>
      api(endpoints.invoicing.putInvoicingSettings, { body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(endpointKey(endpoints.invoicing.getInvoicingSettings), saved),
  });
}

export function useSaveFamilyBilling() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (body: FamilyBillingDetailsFormValues) =>
      api(endpoints.invoicing.putInvoicingBilling, { body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(endpointKey(endpoints.invoicing.getInvoicingBilling), saved),
  });
}

/** Fetches the PDF and saves it under the server's file name (a refusal throws, not a saved error). */
export async function downloadInvoicePdf(id: string): Promise<void> {
  const response = await apiResponse(endpoints.invoicing.getInvoicesByIdPdf, { params: { id } });
  await saveDownload(response, 'invoice.pdf');
}
