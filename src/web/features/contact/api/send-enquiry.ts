import type { ContactEnquiryInput, ContactEnquiryReceipt } from '@contracts/contact';
import { endpoints } from '@contracts/endpoints';
import { api } from '@web/lib/api-client';
import { useSendOnceMutation } from '@web/lib/use-send-once';

export async function sendEnquiry(input: ContactEnquiryInput): Promise<ContactEnquiryReceipt> {
  return api(endpoints.contact.post, { body: input });
}

/** The Contact page's form: stores the enquiry and emails support (the spec's form did nothing). */
export function useSendEnquiry() {
  return useSendOnceMutation({ mutationFn: sendEnquiry });
}
