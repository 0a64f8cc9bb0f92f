// Decision 0011: "Download my data" (POST /api/settings/export) answers a ZIP, made within the
// request, with a JSON and a CSV file of every personal record of the account and its files.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { cellText, toCsv } from '../../src/server/platform/csv';
import { carerWithData, coverWithData, familyWithData, rowsOf } from '../support/privacy-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const download = (cookie: string | undefined) =>
  t.injectAs(cookie, { method: 'POST', url: '/api/settings/export' });

function unzip(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = (name: string) => {
    const file = files[name];
    if (!file) throw new Error(`${name} is not in the export: ${Object.keys(files).join(', ')}`);
    return strFromU8(file);
  };
  /** A part's JSON file ('messages-sent' reads messages-sent.json). */
  const json = <T = Array<Record<string, unknown>>>(part: string) => JSON.parse(text(`${part}.json`)) as T;
  return { files, names: Object.keys(files).sort(), text, json };
}

describe('POST /api/settings/export', () => {
  it('answers 401 signed out', async () => {
    expect((await download(undefined)).statusCode).toBe(401);
  });

  it("holds a family's records from every table that has one, as JSON and CSV, and no one else's email", async () => {
    const { family, phone, newEmail, partner, blocked, conversationId } = await familyWithData(t);
    const response = await download(family.cookie);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="carematch-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = unzip(response);
    for (const part of [
      'account',
      'conversations',
      'messages-sent',
      'messages-received',
      'reviews-written',
      'saved-carers',
      'payments',
      'billing-subscriptions',
      'sessions',
      'blocks',
      'reports-made',
      'contact-enquiries',
      'failed-sign-ins',
      'emails-sent',
      'email-change-requests',
    ]) {
      expect(zip.names, part).toContain(`${part}.json`);
      expect(zip.names, part).toContain(`${part}.csv`);
    }
    expect(zip.names).toContain('README.txt');
    expect(zip.names).not.toContain('carer-profile.json');
    expect(zip.text('README.txt')).toContain('messages-sent.json / messages-sent.csv');

    const account = zip.json<Record<string, unknown>>('account');
    expect(account).toMatchObject({ id: family.user.id, email: family.user.email, role: 'customer' });
    expect(zip.text('account.json')).not.toMatch(/password_?hash|\$argon2/i);

    expect(zip.json('messages-sent').map((m) => [m.conversationId, m.content])).toEqual([
      [conversationId, 'Can you help my mother on Tuesdays?'],
      [conversationId, '=HYPERLINK("http://evil.example")'],
      [expect.any(String), 'Hello, are you free on Fridays?'],
    ]);
    const partnerName = `${partner.user.firstName} ${partner.user.lastName!.charAt(0)}.`;
    expect(zip.json('messages-received')).toEqual([
      expect.objectContaining({ conversationId, from: partnerName, content: 'Yes, mornings suit me.' }),
    ]);
    expect(zip.json('reviews-written')).toEqual([expect.objectContaining({ rating: 5, carer: partnerName })]);
    expect(zip.json('saved-carers')).toEqual([expect.objectContaining({ carerProfileId: partner.carerId })]);
    expect(zip.json('blocks')).toEqual([
      expect.objectContaining({ blocked: `${blocked.user.firstName} ${blocked.user.lastName!.charAt(0)}.` }),
    ]);
    expect(zip.json('payments')).toEqual([
      expect.objectContaining({ plan: 'monthly', amountPence: 1000, status: 'succeeded' }),
    ]);
    expect(zip.text('payments.json')).not.toContain('secret');
    expect(zip.json('billing-subscriptions')).toEqual([
      expect.objectContaining({ purpose: 'customer_monthly', status: 'active' }),
    ]);
    expect(zip.json('sessions')[0]).toEqual(
      expect.objectContaining({ createdAt: expect.any(String), lastSeenAt: expect.any(String) }),
    );
    expect(zip.text('sessions.json')).not.toMatch(/idHash|id_hash/);
    expect(zip.json('reports-made')).toEqual([expect.objectContaining({ conversationId, status: 'open' })]);
    expect(zip.json('contact-enquiries')).toEqual([expect.objectContaining({ phone })]);
    expect(zip.json('failed-sign-ins')).toHaveLength(1);
    expect(zip.json('email-change-requests')).toEqual([expect.objectContaining({ newEmail })]);
    expect(zip.text('email-change-requests.json')).not.toMatch(/token/i);
    expect(zip.text('failed-sign-ins.json')).not.toContain('203.0.113.7');

    // CSV: RFC 4180 quoting, and a formula is shown as text.
    const sentCsv = zip.text('messages-sent.csv');
    expect(sentCsv.split('\r\n')[0]).toBe('id,conversationId,to,content,createdAt,readAt');
    expect(sentCsv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(zip.text('reviews-written.csv')).toContain(
      '"Kind, punctual and patient with my mother, ""highly"" recommended."',
    );

    // Other people are named, never addressed.
    const everything = zip.names
      .filter((name) => !name.startsWith('files/'))
      .map(zip.text)
      .join('\n');
    for (const other of [partner, blocked]) expect(everything).not.toContain(other.user.email);
    expect(everything).toContain(family.user.email);
  });

  it("holds a carer's profile, reviews received, verification metadata and uploaded files", async () => {
    const { worker, fileKeys } = await carerWithData(t);
    const family = await familyWithData(t);
    const review = await t.injectAs(family.family.cookie, {
      method: 'PUT',
      url: `/api/carers/${family.partner.carerId}/reviews/mine`,
      payload: { rating: 4, comment: 'Changed my mind slightly, still very good.' },
    });
    expect(review.statusCode, review.body).toBe(200);

    const zip = unzip(await download(worker.cookie));
    expect(zip.json('carer-profile')).toEqual([expect.objectContaining({ id: worker.carerId })]);
    const [verification] = zip.json('verifications');
    expect(verification).toMatchObject({ status: 'pending', dbsCertificateNumber: '001234567890' });
    expect(zip.json('uploads')).toHaveLength(3);
    for (const key of fileKeys) {
      const stored = await t.storage.get(key);
      expect(Buffer.from(zip.files[`files/${key}`]!)).toEqual(stored!.body);
    }
    expect(zip.text('README.txt')).toContain('files/');

    // The partner carer of the family sees the family's review, by first name and initial only.
    const partnerZip = unzip(await download(family.partner.cookie));
    expect(partnerZip.json('reviews-received')).toEqual([
      expect.objectContaining({
        rating: 4,
        reviewer: `${family.family.user.firstName} ${family.family.user.lastName!.charAt(0)}.`,
      }),
    ]);
    const partnerText = partnerZip.names.map(partnerZip.text).join('\n');
    expect(partnerText).not.toContain(family.family.user.email);
    expect(partnerText).not.toContain(family.phone);
  });

  it('lists cover on both sides: the family’s backups and offers, and the backup’s', async () => {
    const cover = await coverWithData(t);
    const name = (person: { user: { firstName: string | null; lastName: string | null } }) =>
      `${person.user.firstName} ${person.user.lastName!.charAt(0)}.`;

    const family = unzip(await download(cover.family.cookie));
    expect(family.json('cover-backups')).toEqual([
      expect.objectContaining({
        side: 'your cover plan',
        arrangementId: cover.arrangementId,
        position: 1,
        hourlyRate: '21.00',
        backup: name(cover.first),
      }),
      expect.objectContaining({ position: 2, hourlyRate: '22.50', backup: name(cover.second) }),
    ]);
    const offered = family.json('cover-offers');
    expect(offered).toHaveLength(6);
    expect(
      offered.every((offer) => offer.side === 'offered by your family' && offer.offeredBy === 'you'),
    ).toBe(true);
    const answers = (visitId: string) =>
      offered
        .filter((offer) => offer.visitId === visitId)
        .map((offer) => [offer.backup, offer.status])
        .sort();
    expect(answers(cover.underWay)).toEqual(
      [
        [name(cover.first), 'accepted'],
        [name(cover.second), 'taken'],
      ].sort(),
    );
    expect(answers(cover.tomorrow)).toEqual(
      [
        [name(cover.first), 'open'],
        [name(cover.second), 'open'],
      ].sort(),
    );
    expect(family.text('README.txt')).toContain('cover-offers.json / cover-offers.csv');

    const backup = unzip(await download(cover.first.cookie));
    expect(backup.json('cover-backups')).toEqual([
      expect.objectContaining({
        side: 'you are their backup',
        family: name(cover.family),
        position: 1,
        hourlyRate: '21.00',
      }),
    ]);
    expect(
      backup
        .json('cover-offers')
        .map((offer) => [offer.side, offer.visitId, offer.family, offer.status, offer.hourlyRate])
        .sort(),
    ).toEqual(
      [
        ['offered to you', cover.underWay, name(cover.family), 'accepted', '21.00'],
        ['offered to you', cover.tomorrow, name(cover.family), 'open', '21.00'],
        ['offered to you', cover.inTwoDays, name(cover.family), 'accepted', '21.00'],
      ].sort(),
    );
    // The other people are named, never addressed, and the backup sees nothing of the plan's others.
    const backupText = backup.names.map(backup.text).join('\n');
    expect(backupText).not.toContain(cover.family.user.email);
    expect(backupText).not.toContain(cover.second.user.firstName);
    expect(backupText).not.toContain(cover.arrangementId);
  });

  it('holds money for care on both sides: card payments, disputes, the saved card, the account, payouts, references, lapses', async () => {
    const { family, partner } = await familyWithData(t);
    const carer = partner;
    const db = t.database.db;
    const invoiceId = randomUUID();
    await db.execute(sql`insert into statement_references (customer_id, carer_user_id, cest_reference, updated_by)
      values (${family.user.id}, ${carer.user.id}, 'CEST-7Q2-ZEPHYR', ${family.user.id})`);
    await db.execute(sql`insert into care_payment_accounts (user_id, provider, account_id, status, charges_enabled, payouts_enabled, details_submitted)
      values (${carer.user.id}, 'demo', 'acct_export_test', 'ready', true, true, true)`);
    const [attempt] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into care_payment_attempts (invoice_id, invoice_number, attempt, payer_id, carer_id, family_id,
        provider, account_id, amount_pence, fee_pence, status, client_secret, succeeded_at)
        values (${invoiceId}, 'INV-0007', 1, ${family.user.id}, ${carer.user.id}, ${family.user.id}, 'demo',
          'acct_export_test', 7200, 360, 'succeeded', 'pi_secret_never_exported', now())
        returning id`),
    );
    await db.execute(sql`insert into care_payment_disputes (attempt_id, invoice_id, provider, dispute_ref, amount_pence, reason, status, opened_at, last_event_at)
      values (${attempt!.id}, ${invoiceId}, 'demo', 'dp_export_test', 7200, 'fraudulent', 'needs_response', now(), now())`);
    await db.execute(sql`insert into care_saved_cards (user_id, provider, payment_method_id, brand, last4, auto_pay)
      values (${family.user.id}, 'demo', 'pm_never_exported', 'visa', '4242', true)`);
    await db.execute(sql`insert into care_payouts (carer_id, provider, account_id, payout_ref, amount_pence, status, arrival_date)
      values (${carer.user.id}, 'demo', 'acct_export_test', 'po_export_test', 6840, 'paid', '2026-11-20')`);
    await db.execute(sql`insert into compliance_lapses (carer_id, check_kind, due_on, lapsed_at)
      values (${carer.carerId}, 'dbs', '2026-10-01', now())`);

    const familyZip = unzip(await download(family.cookie));
    const carerName = `${carer.user.firstName} ${carer.user.lastName!.charAt(0)}.`;
    expect(familyZip.json('statement-references')).toEqual([
      expect.objectContaining({ carer: carerName, cestReference: 'CEST-7Q2-ZEPHYR' }),
    ]);
    expect(familyZip.json('care-payments')).toEqual([
      expect.objectContaining({
        invoiceNumber: 'INV-0007',
        role: 'family',
        paidByYou: true,
        amountPence: 7200,
        feePence: 360,
        status: 'succeeded',
      }),
    ]);
    expect(familyZip.json('care-payment-disputes')).toEqual([
      expect.objectContaining({ invoiceNumber: 'INV-0007', amountPence: 7200, status: 'needs_response' }),
    ]);
    expect(familyZip.json('care-saved-card')).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', autoPay: true }),
    ]);
    expect(familyZip.names).not.toContain('payouts.json');
    const familyText = familyZip.names.map(familyZip.text).join('\n');
    expect(familyText).not.toContain('pi_secret_never_exported');
    expect(familyText).not.toContain('pm_never_exported');

    const carerZip = unzip(await download(carer.cookie));
    expect(carerZip.json('care-payments')).toEqual([
      expect.objectContaining({ invoiceNumber: 'INV-0007', role: 'carer', paidByYou: false, feePence: 360 }),
    ]);
    expect(carerZip.json('care-payment-account')).toEqual([
      expect.objectContaining({ accountId: 'acct_export_test', status: 'ready' }),
    ]);
    expect(carerZip.json('payouts')).toEqual([
      expect.objectContaining({
        payoutRef: 'po_export_test',
        amountPence: 6840,
        arrivalDate: expect.stringContaining('2026-11-20'),
      }),
    ]);
    expect(carerZip.json('compliance-lapses')).toEqual([
      expect.objectContaining({ checkKind: 'dbs', dueOn: '2026-10-01', resolvedAt: null }),
    ]);
    // The family's own reference is the family's data, not the carer's.
    expect(carerZip.names).not.toContain('statement-references.json');
    expect(carerZip.names.map(carerZip.text).join('\n')).not.toContain(family.user.email);
  });

  it('answers 429 after 5 downloads in an hour', async () => {
    const person = await t.register();
    for (let index = 0; index < 5; index += 1) expect((await download(person.cookie)).statusCode).toBe(200);
    const refused = await download(person.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers 503 with a message when a stored file cannot be read', async () => {
    const { worker } = await carerWithData(t);
    const original = t.storage.get.bind(t.storage);
    t.storage.get = () => Promise.reject(new Error('disk gone'));
    try {
      const response = await download(worker.cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: SETTINGS_MESSAGES.exportFailed });
    } finally {
      t.storage.get = original;
    }
  });
});

// A top-level GET from another site (a link, an image) started a download and
// spent the account's exports. Spending a quota takes a POST, which the cross-site guard checks
// before anything else runs (ASVS 5.0 V3.5.3).
describe('another site cannot start an export', () => {
  it('GET no longer exports (404), and spends none of the hour’s exports', async () => {
    const person = await t.register();
    for (let index = 0; index < 6; index += 1) {
      const response = await t.injectAs(person.cookie, {
        method: 'GET',
        url: '/api/settings/export',
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toBe('application/zip');
    }
    for (let index = 0; index < 5; index += 1) expect((await download(person.cookie)).statusCode).toBe(200);
  });

  it('refuses a cross-site POST (Sec-Fetch-Site or a foreign Origin) with 403, spending nothing', async () => {
    const person = await t.register();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      for (let index = 0; index < 3; index += 1) {
        const response = await t.injectAs(person.cookie, {
          method: 'POST',
          url: '/api/settings/export',
          headers,
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
    }
    // A same-origin request from the Settings screen still gets all five of the hour's exports.
    for (let index = 0; index < 5; index += 1) {
      const response = await t.injectAs(person.cookie, {
        method: 'POST',
        url: '/api/settings/export',
        headers: { 'sec-fetch-site': 'same-origin', origin: t.config.publicUrl },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await download(person.cookie)).statusCode).toBe(429);
  });
});

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 7700', "'+44 7700"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['plain', 'plain'],
    [null, ''],
    [42, '42'],
    [true, 'true'],
  ])('%s becomes %s', (value, text) => {
    expect(cellText(value)).toBe(text);
  });

  it('quotes commas, quotes and line breaks and ends lines with CRLF', () => {
    expect(toCsv([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines' }])).toBe(
      'a,b,c\r\n"x,y","say ""hi""","two\nlines"\r\n',
    );
  });
});
