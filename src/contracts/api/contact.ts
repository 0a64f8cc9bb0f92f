import { ContactEnquiryInput, ContactEnquiryReceipt } from '../contact';
import { endpoint } from './endpoint';

export const contactEndpoints = {
  post: endpoint({
    method: 'POST',
    path: '/api/contact',
    body: ContactEnquiryInput,
    responses: { 201: ContactEnquiryReceipt },
    errors: [400, 403, 429],
  }),
};
