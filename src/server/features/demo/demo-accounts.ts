import type { UserRow } from '../../db/schema';

/** The one password of every demo account (README, "Demo accounts"); demo mode only, never in production. */
export const DEMO_PASSWORD = 'CareMatch-demo-2026';

export const DEMO_ACCOUNTS = {
  family: { email: 'family@example.com', firstName: 'Fiona', lastName: 'Barker', role: 'customer' },
  subscribed: { email: 'subscribed@example.com', firstName: 'Sam', lastName: 'Okonkwo', role: 'customer' },
  carer: { email: 'carer@example.com', firstName: 'Grace', lastName: 'Mensah', role: 'carer' },
  admin: { email: 'admin@example.com', firstName: 'Alex', lastName: 'Morgan', role: 'admin' },
  /** Sam's sister, "can see" in Sam's family circle (decision 0036). */
  relative: { email: 'relative@example.com', firstName: 'Ngozi', lastName: 'Okonkwo', role: 'customer' },
} as const satisfies Record<
  string,
  { email: string; firstName: string; lastName: string; role: UserRow['role'] }
>;
