// The admin's verification queue query, beside verification.ts rather than in it: it pages like
// the other admin lists (admin.ts), and admin.ts imports verification.ts.
import { z } from 'zod';
import { AdminListQuery } from './admin';

/**
 * GET /api/admin/verifications: the queue by state, paged and searched like the lists above
 * (`q`: the carer's name or account email).
 */
export const VerificationQueueQuery = AdminListQuery.extend({
  status: z
    .enum(['pending', 'approved', 'rejected', 'all'], {
      error: 'Status must be pending, approved, rejected or all.',
    })
    .default('pending'),
});
export type VerificationQueueQuery = z.infer<typeof VerificationQueueQuery>;
