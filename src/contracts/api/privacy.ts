import { z } from 'zod';
import { AccountDeletionPreview, DeleteAccountInput } from '../settings';
import { clientTypes, endpoint } from './endpoint';

const errors = [400, 401, 403, 429, 502, 503] as const;

/** "Download my data" and "Delete my account" (decision 0011). */
export const privacyEndpoints = {
  /** The answer is a ZIP, not JSON. */
  postSettingsExport: endpoint({
    method: 'POST',
    path: '/api/settings/export',
    produces: ['application/zip'],
    responses: { 200: z.any() },
    errors,
    clientTypes: clientTypes<{ response: Blob }>(),
  }),
  getSettingsAccountDeletion: endpoint({
    method: 'GET',
    path: '/api/settings/account/deletion',
    responses: { 200: AccountDeletionPreview },
    errors: [401, 403],
  }),
  deleteSettingsAccount: endpoint({
    method: 'DELETE',
    path: '/api/settings/account',
    body: DeleteAccountInput,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
    errors,
  }),
};
