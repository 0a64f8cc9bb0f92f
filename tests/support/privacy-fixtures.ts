// A family and a carer with data in every personal table, for the data
// export and account deletion tests.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OwnCarerProfile } from '@contracts/carers';
import { REPORT_REASONS } from '@contracts/reports';
import type { CoverOffers } from '@contracts/cover';
import { loginFailures, visits } from '../../src/server/db/schema';
import { multipart, photoWithGps } from './carer-fixtures';
import {
  carer,
  customer,
  reply,
  startConversation,
  uncheckedCarer,
  type Carer,
  type Person,
} from './messaging-fixtures';
import { confirmDemo } from './payments';
import { TEST_PASSWORD, type TestApp } from './test-app';
import { submitValidChecks } from './verification-fixtures';

let counter = 0;
/** Names no other row of the test database has, so a scan for them finds only this person. */
export function uniqueNames(prefix: string) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { firstName: `${prefix}a${tag}`, lastName: `Quill${tag}feather` };
}

export interface FamilyWithData {
  family: Person;
  /** The phone number of their contact enquiry (each family's own). */
  phone: string;
  /** The address they asked to move to (a confirmation link was emailed there). */
  newEmail: string;
  /** The carer the family wrote to, reviewed, saved and reported. */
  partner: Carer;
  /** A carer the family blocked. */
  blocked: Carer;
  conversationId: string;
}

/**
 * A customer on the Monthly plan (paid with the demo card) who wrote to a carer and got answers,
 * reviewed, saved and reported that carer, blocked another one, sent a contact enquiry with a
 * phone number, and failed a sign-in once.
 */
export async function familyWithData(t: TestApp): Promise<FamilyWithData> {
  const family = await t.register({ userType: 'customer', ...uniqueNames('Zephyrin') });
  const started = await t.injectAs(family.cookie, {
    method: 'POST',
    url: '/api/subscribe',
    payload: { type: 'monthly' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await confirmDemo(
    t,
    family.cookie,
    started.json<{ clientSecret: string }>().clientSecret,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  const partner = await carer(t, uniqueNames('Oberon'));
  const blocked = await carer(t, uniqueNames('Perdita'));
  const conversationId = await startConversation(t, family, partner, 'Can you help my mother on Tuesdays?');
  expect((await reply(t, partner, conversationId, 'Yes, mornings suit me.')).statusCode).toBe(201);
  expect((await reply(t, family, conversationId, '=HYPERLINK("http://evil.example")')).statusCode).toBe(201);
  const review = await t.injectAs(family.cookie, {
    method: 'PUT',
    url: `/api/carers/${partner.carerId}/reviews/mine`,
    payload: { rating: 5, comment: 'Kind, punctual and patient with my mother, "highly" recommended.' },
  });
  expect(review.statusCode, review.body).toBe(201);
  const saved = await t.injectAs(family.cookie, {
    method: 'PUT',
    url: `/api/saved-carers/${partner.carerId}`,
  });
  expect(saved.statusCode, saved.body).toBe(204);
  const report = await t.injectAs(family.cookie, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/report`,
    payload: { reason: REPORT_REASONS[0], details: 'Asked to be paid in cash outside the site.' },
  });
  expect(report.statusCode, report.body).toBe(201);

  const other = await startConversation(t, family, blocked, 'Hello, are you free on Fridays?');
  const block = await t.injectAs(family.cookie, { method: 'POST', url: `/api/conversations/${other}/block` });
  expect(block.statusCode, block.body).toBe(200);

  counter += 1;
  const phone = `07700 900${String(counter % 1000).padStart(3, '0')}`;
  const contact = await t.injectAs(family.cookie, {
    method: 'POST',
    url: '/api/contact',
    // The contact form is rate-limited per network: each family writes from its own.
    remoteAddress: `198.51.100.${counter % 250}`,
    payload: {
      firstName: family.user.firstName,
      lastName: family.user.lastName,
      email: family.user.email,
      phone,
      subject: 'Invoice question',
      message: 'Could you send me a copy of my last invoice please?',
    },
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const newEmail = `moving.${family.user.id.slice(0, 8)}@example.net`;
  const change = await t.injectAs(family.cookie, {
    method: 'POST',
    url: '/api/settings/email',
    payload: { newEmail, currentPassword: TEST_PASSWORD },
  });
  expect(change.statusCode, change.body).toBe(202);
  await t.database.db
    .insert(loginFailures)
    .values({ emailKey: family.user.email.toLowerCase(), ipAddress: '203.0.113.7' });
  return { family, phone, newEmail, partner, blocked, conversationId };
}

export interface CarerWithData {
  worker: Carer;
  profile: OwnCarerProfile;
  /** Storage keys of the photo and the verification documents. */
  fileKeys: string[];
}

/** A carer with a profile photo and a verification submission with two documents. */
export async function carerWithData(t: TestApp): Promise<CarerWithData> {
  const worker = await uncheckedCarer(t, uniqueNames('Tamsin'));
  const photo = await t.injectAs(worker.cookie, {
    method: 'POST',
    url: `/api/carers/${worker.carerId}/photo`,
    ...multipart('photo', 'me.jpg', 'image/jpeg', await photoWithGps(300, 300)),
  });
  expect(photo.statusCode, photo.body).toBe(200);
  const profile = photo.json<OwnCarerProfile>();
  await submitValidChecks(t, worker.cookie);
  const rows = await t.database.db.execute(
    sql`select storage_key from uploads where owner_id = ${worker.user.id} order by storage_key`,
  );
  const fileKeys = rowsOf<{ storage_key: string }>(rows).map((row) => row.storage_key);
  expect(fileKeys).toHaveLength(3);
  return { worker, profile, fileKeys };
}

/** The rows of `db.execute` on either driver (PGlite answers `{ rows }`, node-postgres too). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** Every (table, count) of rows whose JSON text holds `needle`, over every table of the schema. */
export async function tablesHolding(
  t: TestApp,
  needle: string,
): Promise<Array<{ table: string; rows: number }>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const found: Array<{ table: string; rows: number }> = [];
  for (const { table_name: table } of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`select count(*) as n from ${sql.identifier(table)} as t where row_to_json(t)::text ilike ${`%${needle}%`}`,
      ),
    );
    const rows = Number(row?.n ?? 0);
    if (rows > 0) found.push({ table, rows });
  }
  return found;
}

export interface CoverWithData {
  family: Person;
  worker: Carer;
  /** Named first in the cover plan; took the visit under way and the one in two days. */
  first: Carer;
  /** Named second; their offers of those two were taken by `first`. */
  second: Carer;
  arrangementId: string;
  /** Started 20 minutes ago, alerted as not checked into, offered, taken by `first`. */
  underWay: string;
  /** Tomorrow, the carer can't make it, offered to both: no answer yet. */
  tomorrow: string;
  /** In two days, the carer can't make it, offered, taken by `first`. */
  inTwoDays: string;
}

/**
 * A family with an accepted arrangement and a cover plan of two backups (decision 0037), and
 * three visits offered to them: one under way and one to come taken by the first backup, one to
 * come with both offers still open.
 */
export async function coverWithData(t: TestApp): Promise<CoverWithData> {
  const family = await customer(t, 'active', uniqueNames('Isolde'));
  const worker = await carer(t, uniqueNames('Leontes'));
  const first = await carer(t, uniqueNames('Florizel'));
  const second = await carer(t, uniqueNames('Hermione'));
  const conversationId = await startConversation(t, family, worker);
  await startConversation(t, family, first);
  await startConversation(t, family, second);
  const proposed = await t.injectAs(family.cookie, {
    method: 'POST',
    url: '/api/bookings',
    payload: {
      conversationId,
      startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      visits: [{ day: 'tuesday', start: '09:00', end: '11:00' }],
      hourlyRate: '18.00',
    },
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const arrangementId = proposed.json<{ id: string }>().id;
  const accepted = await t.injectAs(worker.cookie, {
    method: 'POST',
    url: `/api/bookings/${arrangementId}/accept`,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const plan = await t.injectAs(family.cookie, {
    method: 'PUT',
    url: `/api/bookings/${arrangementId}/cover`,
    payload: {
      noShowMinutes: 15,
      backups: [
        { carerId: first.carerId, hourlyRate: '21.00' },
        { carerId: second.carerId, hourlyRate: '22.50' },
      ],
    },
  });
  expect(plan.statusCode, plan.body).toBe(200);

  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const visit = async (startsAt: number, values: Partial<typeof visits.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(visits)
      .values({
        arrangementId,
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + 2 * 3_600_000),
        ...values,
      })
      .returning({ id: visits.id });
    const offered = await t.injectAs(family.cookie, {
      method: 'POST',
      url: `/api/visits/${row!.id}/cover-offer`,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    return row!.id;
  };
  const underWay = await visit(minute - 20 * 60_000, { noShowAlertedAt: new Date(minute - 5 * 60_000) });
  const tomorrow = await visit(minute + 86_400_000, { notice: 'cant_make_it', noticeAt: new Date(minute) });
  const inTwoDays = await visit(minute + 2 * 86_400_000, {
    notice: 'cant_make_it',
    noticeAt: new Date(minute),
  });
  const offers = (await t.injectAs(first.cookie, { url: '/api/cover/offers' })).json<CoverOffers>().items;
  for (const visitId of [underWay, inTwoDays]) {
    const offer = offers.find((item) => item.visitId === visitId)!;
    const taken = await t.injectAs(first.cookie, {
      method: 'POST',
      url: `/api/cover/offers/${offer.id}/accept`,
    });
    expect(taken.statusCode, taken.body).toBe(200);
  }
  return { family, worker, first, second, arrangementId, underWay, tomorrow, inTwoDays };
}
