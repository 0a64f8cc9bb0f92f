// The money records (decision 0041): the carer's earnings, the family's monthly statements.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@contracts/endpoints';
import type { StatementReferenceFormValues } from '@contracts/records';
import { api, apiResponse } from '@web/lib/api-client';
import { saveDownload } from '@web/lib/download';
import { endpointQuery, invalidateUnder } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export const useEarnings = (taxYear: number | undefined) =>
  useQuery(endpointQuery(endpoints.records.getEarnings, { query: { taxYear } }));

export async function downloadEarningsCsv(taxYear: number): Promise<void> {
  await saveDownload(
    await apiResponse(endpoints.records.getEarningsCsv, { query: { taxYear } }),
    'earnings.csv',
  );
}

export const useStatement = (arrangementId: string, month: string) =>
  useQuery({
    ...endpointQuery(endpoints.records.getStatementsByArrangementId, {
      params: { arrangementId },
      query: { month },
    }),
    enabled: arrangementId !== '',
  });

export async function downloadStatement(arrangementId: string, month: string, as: 'pdf' | 'csv') {
  const endpoint =
    as === 'pdf'
      ? endpoints.records.getStatementsByArrangementIdPdf
      : endpoints.records.getStatementsByArrangementIdCsv;
  await saveDownload(
    await apiResponse(endpoint, { params: { arrangementId }, query: { month } }),
    `statement.${as}`,
  );
}

export function useSaveReference(arrangementId: string) {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: (body: StatementReferenceFormValues) =>
      api(endpoints.records.putStatementsByArrangementIdReference, { params: { arrangementId }, body }),
    onSettled: () => invalidateUnder(queryClient, [endpoints.records.getStatementsByArrangementId]),
  });
}
