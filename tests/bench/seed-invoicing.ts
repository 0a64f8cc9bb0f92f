// Set-based seeding of timesheets and invoices for the mixed load benchmark (`npm run bench:load`):
// each bench customer's first conversation becomes an accepted arrangement at £18 an hour with
// `weeks` past weeks of timesheets (two two-hour visits each, the visits on their lines): the
// newest a draft, the one before submitted, the rest approved with their invoices (the carer's own
// gap-free numbers, their counters set to match; the older ones paid). Run after seedBenchPeople.

import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

export interface SeededInvoicing {
  timesheetIds: { id: string; carerUserId: string; customerId: string }[];
  invoiceIds: { id: string; carerUserId: string; customerId: string }[];
}

export async function seedBenchInvoicing(
  db: Database,
  { customers, weeks = 8 }: { customers: number; weeks?: number },
): Promise<SeededInvoicing> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into arrangements (id, conversation_id, customer_id, carer_id, status, proposed_by, start_date,
        visits, hourly_rate, care_for)
      select md5('bench-arrangement-' || g.i)::uuid, v.id, v.customer_id, v.carer_id, 'accepted', 'customer',
        (now() - interval '70 days')::date, '[{"day":"tuesday","start":"09:00","end":"11:00"}]'::jsonb, 18.00,
        'Mum'
      from generate_series(1, ${customers}) as g(i)
      join conversations v on v.id = md5('bench-conversation-' || g.i || '-1')::uuid
      on conflict do nothing`);
    // Mondays (UK) of the last `weeks` weeks that are over: w = 1 is last week.
    await tx.execute(sql`
      insert into timesheets (id, arrangement_id, carer_user_id, customer_id, week_start, status,
        submitted_at, approved_at, created_at, updated_at)
      select md5('bench-timesheet-' || a.id || '-' || w)::uuid, a.id, c.user_id, a.customer_id,
        (date_trunc('week', (now() at time zone 'Europe/London'))::date - 7 * w),
        case when w = 1 then 'draft' when w = 2 then 'submitted' else 'approved' end,
        case when w >= 2 then now() - (w - 1) * interval '7 days' end,
        case when w >= 3 then now() - (w - 1) * interval '7 days' + interval '1 day' end,
        now() - (w - 1) * interval '7 days', now() - (w - 1) * interval '7 days'
      from arrangements a
      join carer_profiles c on c.id = a.carer_id
      cross join generate_series(1, ${weeks}) as w
      where a.id in (select md5('bench-arrangement-' || i)::uuid from generate_series(1, ${customers}) as g(i))
      on conflict do nothing`);
    // The visits that happened, each on its timesheet's line, as the timesheet round leaves them:
    // a list's round finds every recent visit already billed.
    await tx.execute(sql`
      insert into visits (id, arrangement_id, starts_at, ends_at, checked_in_at, checked_out_at)
      select md5('bench-visit-' || t.id || '-' || d)::uuid, t.arrangement_id,
        (t.week_start + d) + time '09:00', (t.week_start + d) + time '11:00',
        (t.week_start + d) + time '09:00', (t.week_start + d) + time '11:00'
      from timesheets t cross join (values (1), (3)) as days(d)
      where t.arrangement_id in (select md5('bench-arrangement-' || i)::uuid from generate_series(1, ${customers}) as g(i))
      on conflict do nothing`);
    await tx.execute(sql`
      insert into timesheet_lines (timesheet_id, kind, visit_id, date, starts_at, ends_at, minutes, rate_pence,
        amount_pence)
      select t.id, 'visit', md5('bench-visit-' || t.id || '-' || d)::uuid, t.week_start + d,
        (t.week_start + d) + time '09:00', (t.week_start + d) + time '11:00', 120, 1800, 3600
      from timesheets t cross join (values (1), (3)) as days(d)
      where t.arrangement_id in (select md5('bench-arrangement-' || i)::uuid from generate_series(1, ${customers}) as g(i))`);
    await tx.execute(sql`
      insert into invoices (kind, carer_user_id, customer_id, number, timesheet_id, arrangement_id, issued_at,
        period_start, period_end, seller_name, seller_address, buyer_name, buyer_address, lines, total_pence,
        status, paid_method, paid_at)
      select 'invoice', t.carer_user_id, t.customer_id,
        row_number() over (partition by t.carer_user_id order by t.week_start, t.id), t.id, t.arrangement_id,
        t.approved_at, t.week_start, t.week_start + 6, 'Bench Carer', '1 High Street\nLeeds LS1 1AA',
        'Bench Family', '2 Park Road\nLeeds LS6 2AA',
        jsonb_build_array(
          jsonb_build_object('date', (t.week_start + 1)::text, 'description', 'Care visit 09:00–11:00',
            'quantity', '2 h 00 min', 'rate', '£18.00 an hour', 'amountPence', 3600),
          jsonb_build_object('date', (t.week_start + 3)::text, 'description', 'Care visit 09:00–11:00',
            'quantity', '2 h 00 min', 'rate', '£18.00 an hour', 'amountPence', 3600)),
        7200,
        case when t.week_start < (now() - interval '28 days')::date then 'paid' else 'open' end,
        case when t.week_start < (now() - interval '28 days')::date then 'bank_transfer' end,
        case when t.week_start < (now() - interval '28 days')::date then t.approved_at + interval '2 days' end
      from timesheets t
      where t.status = 'approved'
        and t.arrangement_id in (select md5('bench-arrangement-' || i)::uuid from generate_series(1, ${customers}) as g(i))`);
    // Each carer's counter where the app's nextNumber expects it, so the next invoice the server
    // issues (an auto-approval during the run) follows on instead of repeating number 1.
    await tx.execute(sql`
      insert into invoicing_settings (user_id, last_invoice_number)
      select carer_user_id, max(number) from invoices
      where kind = 'invoice' and carer_user_id is not null
      group by carer_user_id
      on conflict (user_id) do update
        set last_invoice_number = greatest(invoicing_settings.last_invoice_number, excluded.last_invoice_number)`);
  });
  for (const table of [
    'arrangements',
    'visits',
    'timesheets',
    'timesheet_lines',
    'invoices',
    'invoicing_settings',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  type Row = { id: string; carer_user_id: string; customer_id: string };
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows.map((row) => ({
      id: row.id,
      carerUserId: row.carer_user_id,
      customerId: row.customer_id,
    }));
  return {
    timesheetIds: await rowsOf(
      sql`select id, carer_user_id, customer_id from timesheets where carer_user_id is not null order by id`,
    ),
    invoiceIds: await rowsOf(
      sql`select id, carer_user_id, customer_id from invoices where carer_user_id is not null order by id`,
    ),
  };
}
