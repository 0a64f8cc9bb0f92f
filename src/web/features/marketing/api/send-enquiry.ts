import { useMutation } from '@tanstack/react-query';
import type { ContactEnquiryInput, ContactEnquiryReceipt } from '@contracts/contact';
import { apiRequest } from '@web/lib/api-client';

export async function sendEnquiry(input: ContactEnquiryInput): Promise<ContactEnquiryReceipt> {
  const response = await apiRequest('POST', '/api/contact', input);
  return (await response.json()) as ContactEnquiryReceipt;
}

/** The Contact page's form: stores the enquiry and emails support (issue 4; the spec's form did nothing). */
export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
