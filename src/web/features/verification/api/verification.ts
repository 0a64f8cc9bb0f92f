import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnVerification, VerificationFileField, VerificationInput } from '@contracts/verification';
import { endpoints } from '@contracts/endpoints';
import { api, ApiError } from '@web/lib/api-client';
import { endpointKey } from '@web/lib/query-keys';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export const myVerificationQueryKey = endpointKey(endpoints.verification.getCarersMyProfileVerification);

/** The carer's latest submission of checks; a 404 means they have not submitted any yet. */
export function myVerificationQueryOptions() {
  return queryOptions({
    queryKey: myVerificationQueryKey,
    queryFn: async (context) => {
      try {
        return await api(endpoints.verification.getCarersMyProfileVerification, { signal: context.signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export function useMyVerification() {
  return useQuery(myVerificationQueryOptions());
}

export type VerificationSubmission = {
  input: VerificationInput;
  files: Partial<Record<VerificationFileField, File>>;
};

/**
 * Multipart POST of the checks: the text fields, `references` as a JSON string, and the scans.
 * `apiRequest` only sends JSON, so this calls fetch itself but fails the same way.
 */
export async function submitVerification({ input, files }: VerificationSubmission): Promise<OwnVerification> {
  const body = new FormData();
  body.append('dbsLevel', input.dbsLevel);
  body.append('dbsIssueDate', input.dbsIssueDate);
  body.append('dbsCertificateNumber', input.dbsCertificateNumber);
  body.append('dbsUpdateService', String(input.dbsUpdateService));
  body.append('rightToWorkMethod', input.rightToWorkMethod);
  if (input.rightToWorkMethod === 'share_code' && input.rightToWorkShareCode) {
    body.append('rightToWorkShareCode', input.rightToWorkShareCode);
  }
  if (input.dbsWorkforce) body.append('dbsWorkforce', input.dbsWorkforce);
  if (input.rightToWorkMethod === 'share_code' && input.rightToWorkExpiresOn) {
    body.append('rightToWorkExpiresOn', input.rightToWorkExpiresOn);
  }
  body.append('references', JSON.stringify(input.references));
  for (const [field, file] of Object.entries(files)) {
    if (file) body.append(field, file, file.name);
  }
  return api(endpoints.verification.postCarersMyProfileVerification, { body });
}

/**
 * The submission. The form stores the answer itself (`store`) once it has shown its toast: storing
 * it here first would swap the form for the "Waiting for review" state before the form's own
 * callbacks ran, and a callback of an unmounted component never runs.
 */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  const mutation = useSendOnceMutation({ mutationFn: submitVerification });
  const store = (verification: OwnVerification) => {
    queryClient.setQueryData(myVerificationQueryKey, verification);
    void queryClient.invalidateQueries({ queryKey: myVerificationQueryKey });
  };
  return { ...mutation, store };
}
