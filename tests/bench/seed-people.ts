// Set-based seeding of the people around the carers for the mixed load benchmark
// (`npm run bench:load`): customers with an active Annual plan and a confirmed address, their
// conversations with carers (messages both ways, older ones read) and signed-in sessions made by
// the app's own session service, so the cookies are exactly what a browser would hold.
// Run after seedBenchCarers (it picks carers that have an account).

import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createSessionRepository } from '../../src/server/platform/sessions/session.repository';
import { createSessionService } from '../../src/server/platform/sessions/session.service';

export interface SeededConversation {
  id: string;
  customerId: string;
  carerUserId: string;
}

export interface SeededPeople {
  customerIds: string[];
  carerUserIds: string[];
  conversations: SeededConversation[];
}

/**
 * `customers` customers (`customer<i>@bench.example.com`, Annual plan active for 300 days), each
 * in `conversationsEach` conversations with listed carers spread over the whole table, each with
 * `messagesEach` messages alternating customer and carer over the last 30 days (all but the last
 * two read). Deterministic for given counts.
 */
export async function seedBenchPeople(
  db: Database,
  {
    customers,
    conversationsEach,
    messagesEach,
  }: { customers: number; conversationsEach: number; messagesEach: number },
): Promise<SeededPeople> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, email, first_name, last_name, role, subscription_status, subscription_type,
        subscription_expires_at, created_at, updated_at, email_verified_at)
      select md5('bench-customer-' || i)::uuid, 'customer' || i || '@bench.example.com', 'Customer',
        'Bench' || i, 'customer', 'active', 'annual', now() + interval '300 days',
        now() - interval '65 days', now() - interval '65 days', now() - interval '65 days'
      from generate_series(1, ${customers}) as g(i)`);
    await tx.execute(sql`
      create temp table bench_carers on commit drop as
      select id, user_id, row_number() over (order by id) as rn
      from carer_profiles where user_id is not null and is_active and listed_until > now()`);
    // Long-standing accounts have confirmed their address; the product refuses messaging otherwise.
    await tx.execute(sql`
      update users set email_verified_at = coalesce(email_verified_at, created_at)
      where id in (select user_id from bench_carers)`);
    await tx.execute(sql`
      insert into conversations (id, customer_id, carer_id, created_at, last_message_at)
      select md5('bench-conversation-' || g.i || '-' || k)::uuid, md5('bench-customer-' || g.i)::uuid,
        c.id, now() - interval '30 days', now() - interval '30 days'
      from generate_series(1, ${customers}) as g(i)
      cross join generate_series(1, ${conversationsEach}) as k
      join bench_carers c
        on c.rn = 1 + ((g.i * 7919 + k * 104729) % (select count(*) from bench_carers))
      on conflict do nothing`);
    await tx.execute(sql`
      insert into messages (conversation_id, sender_id, receiver_id, content, created_at, read_at)
      select v.id,
        case when m % 2 = 1 then v.customer_id else c.user_id end,
        case when m % 2 = 1 then c.user_id else v.customer_id end,
        case when m % 2 = 1
          then 'Hello, could you help with visits on weekday mornings? Message ' || m || '.'
          else 'Yes, I have availability then. Happy to talk it through. Reply ' || m || '.' end,
        now() - interval '30 days' + m * interval '1 hour' + (hashtext(v.id::text) % 600) * interval '1 second',
        case when m <= ${messagesEach - 2} then now() - interval '29 days' + m * interval '1 hour' end
      from conversations v
      join carer_profiles c on c.id = v.carer_id
      cross join generate_series(1, ${messagesEach}) as m
      where v.customer_id in (select md5('bench-customer-' || i)::uuid from generate_series(1, ${customers}) as g(i))`);
    await tx.execute(sql`
      update conversations v set last_message_at = m.latest
      from (select conversation_id, max(created_at) as latest from messages group by conversation_id) m
      where m.conversation_id = v.id`);
  });
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze conversations`);
  await db.execute(sql`analyze messages`);

  const rows = (
    (await db.execute(sql`
      select v.id, v.customer_id, c.user_id as carer_user_id
      from conversations v join carer_profiles c on c.id = v.carer_id
      join users u on u.id = v.customer_id
      where u.email like 'customer%@bench.example.com'
      order by v.id`)) as unknown as {
      rows: { id: string; customer_id: string; carer_user_id: string }[];
    }
  ).rows;
  const conversations = rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    carerUserId: row.carer_user_id,
  }));
  return {
    customerIds: [...new Set(conversations.map((row) => row.customerId))],
    carerUserIds: [...new Set(conversations.map((row) => row.carerUserId))],
    conversations,
  };
}

/**
 * Signs `userIds` in with the app's session service and `config` (the server's SESSION_SECRET):
 * returns each user's `Cookie` header value.
 */
export async function signInBenchUsers(
  db: Database,
  config: AppConfig,
  userIds: string[],
  role: 'customer' | 'carer',
): Promise<Map<string, string>> {
  const sessions = createSessionService(config, createSessionRepository(db));
  const cookies = new Map<string, string>();
  for (let start = 0; start < userIds.length; start += 25) {
    await Promise.all(
      userIds.slice(start, start + 25).map(async (id) => {
        const { token } = await sessions.start({ id, role }, { userAgent: 'carematch-bench' });
        cookies.set(id, `${config.session.cookieName}=${token}`);
      }),
    );
  }
  return cookies;
}
