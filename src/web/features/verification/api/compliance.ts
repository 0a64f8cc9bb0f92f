import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsuranceInput } from '@contracts/verification-compliance';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export const myComplianceQueryKey = endpointKey(endpoints.verification.getCarersMyProfileCompliance);

/** Why the carer is out of search (if they are), what falls due, and their insurance. */
export function useMyCompliance(enabled = true) {
  return useQuery({
    queryKey: myComplianceQueryKey,
    queryFn: ({ signal }) => api(endpoints.verification.getCarersMyProfileCompliance, { signal }),
    retry: false,
    enabled,
  });
}

/** Multipart POST of the insurance form: its fields and the `document` scan. */
export async function addInsurance({ input, document }: { input: InsuranceInput; document: File }) {
  const body = new FormData();
  body.append('kind', input.kind);
  body.append('insurer', input.insurer);
  body.append('policyNumber', input.policyNumber);
  body.append('coverPounds', String(input.coverPounds));
  body.append('expiresOn', input.expiresOn);
  body.append('document', document, document.name);
  return api(endpoints.verification.postCarersMyProfileInsurance, { body });
}

export function useAddInsurance() {
  const queryClient = useQueryClient();
  return useSendOnceMutation({
    mutationFn: addInsurance,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myComplianceQueryKey });
    },
  });
}
