import { z } from 'zod';
import { DUE_QUEUE_DAYS } from './verification-compliance';

/** How many weeks the overview's chart shows, this week last. */
export const OVERVIEW_WEEKS = 12;

/** One week of the overview's chart: the week starts on Monday, a day in UK time (YYYY-MM-DD). */
export const OverviewWeek = z.object({
  weekStart: z.string(),
  signUps: z.number().int(),
  subscriptions: z.number().int(),
  checks: z.number().int(),
});
export type OverviewWeek = z.infer<typeof OverviewWeek>;

/** GET /api/admin/overview: the admins' queues as counts, and the last OVERVIEW_WEEKS weeks. */
export const AdminOverview = z.object({
  queues: z.object({
    /** Carers' checks sent in and not yet decided. */
    checksWaiting: z.number().int(),
    /** Insurance sent in and not yet decided. */
    insuranceWaiting: z.number().int(),
    /** Renewals and checks due within DUE_QUEUE_DAYS, and any overdue. */
    dueSoon: z.number().int(),
    /** Safeguarding reports not yet resolved. */
    reportsOpen: z.number().int(),
  }),
  weeks: z.array(OverviewWeek),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

export const ADMIN_OVERVIEW_TEXT = {
  tab: 'Overview',
  title: 'Overview',
  loading: 'Loading the overview…',
  failed: 'We could not load the overview. Please try again.',
  queuesHeading: 'Waiting for an admin',
  checksWaiting: 'Checks waiting',
  insuranceWaiting: 'Insurance waiting',
  dueSoon: `Renewals and checks due in the next ${DUE_QUEUE_DAYS} days`,
  reportsOpen: 'Safeguarding reports open',
  open: 'Open',
  chartHeading: `The last ${OVERVIEW_WEEKS} weeks`,
  chartSummary: (weeks: number) =>
    `Sign-ups, subscriptions paid and checks sent in, week by week, over the last ${weeks} weeks.`,
  showTable: 'Show as a table',
  tableRegion: 'The weeks as a table',
  weekOf: 'Week starting',
  signUps: 'Sign-ups',
  subscriptions: 'Subscriptions paid',
  checks: 'Checks sent in',
} as const;
