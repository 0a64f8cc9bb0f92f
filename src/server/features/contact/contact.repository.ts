import type { Executor } from '../../db/client';
import { contactEnquiries, type ContactEnquiryRow } from '../../db/schema';

export type NewContactEnquiry = typeof contactEnquiries.$inferInsert;

export function createContactRepository(db: Executor) {
  return {
    async insert(values: NewContactEnquiry): Promise<ContactEnquiryRow> {
      const [row] = await db.insert(contactEnquiries).values(values).returning();
      if (!row) throw new Error('contact enquiry insert returned no row');
      return row;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
