// The audit log as an admin reads it (GET /api/admin/audit-log): every audited action is performed
// here, and its entry must say what happened and who did it, with their role at the time, in
// words: never an internal code ('professional_indemnity', 'customer.updated', a record id, JSON).
// The list of actions is enumerated from the code that writes the log: a new audited action
// without its case here fails this file.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogPage } from '@contracts/audit';
import { AUDIT_ACTIONS, OPERATOR_ACTOR, SYSTEM_ACTOR, type AuditAction } from '@contracts/audit-words';
import type { AdminCarer } from '@contracts/admin';
import { REPORT_REASONS, type ReportReceipt } from '@contracts/reports';
import { DELETE_CONFIRMATION_WORD } from '@contracts/settings';
import type { OwnInsurance } from '@contracts/verification-compliance';
import { carePaymentAttempts, carePaymentDisputes } from '../../src/server/db/schema';
import { ensureAdminAccount } from '../../src/server/features/admin/admin-accounts';
import { createSubscriptionEndingService } from '../../src/server/features/subscriptions/subscription-ending.service';
import { createDemoProvider } from '../../src/server/platform/payments/demo-provider';
import { createComplianceRepository } from '../../src/server/features/verification/compliance.repository';
import { createComplianceService } from '../../src/server/features/verification/compliance.service';
import { createDocumentStore } from '../../src/server/features/verification/document-store';
import {
  admin,
  carer,
  customer,
  startConversation,
  uncheckedCarer,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import {
  chargeObject,
  confirmDemo,
  createFakeStripe,
  paymentIntentObject,
  paymentsOf,
  postWebhook,
  STRIPE_ENV,
  stripeEvent,
} from '../support/payments';
import { createTestApp, sessionCookieFrom, TEST_PASSWORD, type TestApp } from '../support/test-app';
import { FILES, multipartForm, submitValidChecks, validFields } from '../support/verification-fixtures';

const DAY_MS = 86_400_000;
let t: TestApp;
let theAdmin: Person;
const adminLabel = () =>
  `Admin: ${theAdmin.user.firstName} ${theAdmin.user.lastName} (${theAdmin.user.email})`;
/** The actions this file has performed and read back. */
const performed = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  theAdmin = await admin(t);
});
afterAll(() => t.close());

const as = (
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.injectAs(who.cookie, { method, url, ...(payload ? { payload } : {}) });

/** Words an admin must never be shown: codes, ids and raw values of the stored record. */
function expectPlainWords(entry: AuditEntry) {
  for (const text of [entry.actorName, entry.summary, ...entry.changes.map((change) => change.text)]) {
    const words = text.replace(/\S+@\S+/g, 'an address');
    expect(words, text).not.toMatch(/\b[a-z0-9]+_[a-z0-9_]+\b/); // snake_case codes
    expect(words, text).not.toMatch(/\b[a-z]+[A-Z]\w*\b/); // camelCase field names
    expect(words, text).not.toMatch(/\b[a-z-]+\.[a-z-]+\b/); // action codes
    expect(words, text).not.toMatch(/[{}[\]]|\b(null|undefined|true|false)\b/);
    expect(words, text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/); // record ids
  }
}

/** The newest entry of `action` (about `entityId`, when given), as the admin's API answers it. */
async function entryOf(
  action: AuditAction,
  entityId?: string,
  { app, reader }: { app: TestApp; reader: Person } = { app: t, reader: theAdmin },
): Promise<AuditEntry> {
  const query = new URLSearchParams({ action, limit: '1', ...(entityId ? { entityId } : {}) });
  const response = await app.injectAs(reader.cookie, { method: 'GET', url: `/api/admin/audit-log?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const [entry] = response.json<AuditLogPage>().items;
  if (!entry) throw new Error(`no ${action} entry${entityId ? ` about ${entityId}` : ''}`);
  expectPlainWords(entry);
  performed.add(action);
  return entry;
}

const texts = (entry: AuditEntry) => entry.changes.map((change) => change.text);
const fullName = (person: Person) => `${person.user.firstName} ${person.user.lastName}`;

const complianceAt = (when: Date) =>
  createComplianceService({
    repository: createComplianceRepository(t.database.db),
    db: t.database.db,
    storage: t.storage,
    mailer: t.app.mailer,
    publicUrl: t.config.publicUrl,
    documents: createDocumentStore({ db: t.database.db, storage: t.storage }),
    now: () => when,
  });

async function approvedCarer(names: { firstName: string; lastName: string }) {
  const worker = await uncheckedCarer(t, names);
  const submitted = await submitValidChecks(t, worker.cookie, validFields());
  const approved = await as(theAdmin, 'POST', `/api/admin/verifications/${submitted.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return { worker, verificationId: submitted.id };
}

async function addInsurance(worker: Carer, kind: string): Promise<OwnInsurance> {
  const added = await t.injectAs(worker.cookie, {
    method: 'POST',
    url: '/api/carers/my-profile/insurance',
    ...multipartForm(
      {
        kind,
        insurer: 'Hiscox',
        policyNumber: 'PI-1200',
        coverPounds: '1,000,000',
        expiresOn: new Date(Date.now() + 300 * DAY_MS).toISOString().slice(0, 10),
      },
      [{ field: 'document', filename: 'policy.pdf', contentType: 'application/pdf', content: FILES.pdf }],
    ),
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<OwnInsurance>();
}

async function report(from: Person, conversationId: string): Promise<string> {
  const response = await as(from, 'POST', `/api/conversations/${conversationId}/report`, {
    reason: REPORT_REASONS[0],
    details: 'Asked me to pay outside the site.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReportReceipt>().id;
}

async function paidCustomer(type: 'monthly' | 'annual') {
  const person = await t.register({ firstName: 'Gwen', lastName: 'Price' });
  const started = await as(person, 'POST', '/api/subscribe', { type });
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await confirmDemo(
    t,
    person.cookie,
    started.json<{ clientSecret: string }>().clientSecret,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return person;
}

describe('the issue’s two entries', () => {
  it('a family deleting their own account: "Deleted family account" deleted their own account, not "Deleted admin"', async () => {
    const family = await customer(t, 'active', { firstName: 'Margaret', lastName: 'Owens' });
    const deleted = await as(family, 'DELETE', '/api/settings/account', {
      password: TEST_PASSWORD,
      confirmation: DELETE_CONFIRMATION_WORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entry = await entryOf('account.deleted', family.user.id);
    expect(entry.actorName).toBe('Deleted family account');
    expect(entry.actorRole).toBe('customer');
    expect(entry.summary).toBe('Deleted their own account');
    expect(texts(entry)).toContain('Role was family');

    const worker = await carer(t, { firstName: 'Cara', lastName: 'Byrne' });
    expect(
      (
        await as(worker, 'DELETE', '/api/settings/account', {
          password: TEST_PASSWORD,
          confirmation: 'DELETE',
        })
      ).statusCode,
    ).toBe(200);
    expect((await entryOf('account.deleted', worker.user.id)).actorName).toBe('Deleted carer account');
  });

  it('rejecting professional indemnity insurance names it in words and does not say the badge went', async () => {
    const { worker } = await approvedCarer({ firstName: 'Ines', lastName: 'Moreau' });
    const insurance = await addInsurance(worker, 'professional_indemnity');
    const rejected = await as(theAdmin, 'POST', `/api/admin/insurance/${insurance.id}/reject`, {
      reason: 'The policy number does not match the document.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const entry = await entryOf('insurance.rejected', worker.carerId);
    expect(entry.actorName).toBe(adminLabel());
    expect(entry.summary).toBe('Rejected Ines Moreau’s professional indemnity insurance');
    expect(texts(entry).join('\n')).not.toMatch(/Verified badge/);
    expect(texts(entry)).toContain(
      'Set reason given to the carer to The policy number does not match the document.',
    );

    const cover = await addInsurance(worker, 'public_liability');
    expect((await as(theAdmin, 'POST', `/api/admin/insurance/${cover.id}/approve`)).statusCode).toBe(200);
    const approved = await entryOf('insurance.approved', worker.carerId);
    expect(approved.summary).toBe('Approved Ines Moreau’s public liability insurance');
  });
});

describe('every other audited action, as an admin reads it', () => {
  it('an admin’s sign-in and the command line’s promotion', async () => {
    const signIn = await t.injectAs(undefined, {
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: theAdmin.user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    theAdmin = { ...theAdmin, cookie: sessionCookieFrom(t.config, signIn) };
    const entry = await entryOf('admin.signed-in', theAdmin.user.id);
    expect(entry).toMatchObject({ actorName: adminLabel(), summary: 'Signed in as an admin' });

    const promoted = await customer(t, 'none', { firstName: 'Pat', lastName: 'Quinn' });
    await ensureAdminAccount(
      t.database.db,
      {
        email: promoted.user.email,
        password: 'Lantern-Harbour-Quay-77',
        firstName: 'Pat',
        lastName: 'Quinn',
      },
      { promote: true },
    );
    const made = await entryOf('admin.promoted', promoted.user.id);
    expect(made).toMatchObject({ actorName: OPERATOR_ACTOR, summary: 'Made Pat Quinn an admin' });
    expect(texts(made)).toContain('Changed role from family to admin');
  });

  it('an admin’s changes to a customer and their plan, sample customers, and a deletion', async () => {
    const family = await customer(t, 'none', { firstName: 'Ruth', lastName: 'Ellis' });
    const id = family.user.id;
    const edited = await as(theAdmin, 'PUT', `/api/test/users/${id}`, {
      firstName: 'Ruthie',
      lastName: 'Ellis',
      email: family.user.email,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const updated = await entryOf('customer.updated', id);
    expect(updated).toMatchObject({ actorName: adminLabel(), summary: 'Changed Ruthie Ellis’s details' });
    expect(texts(updated)).toEqual(['Changed first name from Ruth to Ruthie']);

    const activate = await as(theAdmin, 'PATCH', `/api/admin/users/${id}/subscription`, {
      status: 'active',
      type: 'monthly',
    });
    expect(activate.statusCode, activate.body).toBe(200);
    const activated = await entryOf('subscription.activated', id);
    expect(activated.summary).toMatch(/^Gave Ruthie Ellis the Monthly plan until \d{1,2} \w{3} \d{4}$/);
    expect(texts(activated)).toContain('Set plan to Monthly');
    const deactivate = await as(theAdmin, 'PATCH', `/api/admin/users/${id}/subscription`, {
      status: 'inactive',
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect((await entryOf('subscription.deactivated', id)).summary).toBe('Ended Ruthie Ellis’s plan');

    expect((await as(theAdmin, 'POST', '/api/test/create-sample-users')).statusCode).toBe(201);
    expect((await entryOf('sample-customers.created')).summary).toMatch(
      /^Created \d+ sample customer accounts?$/,
    );

    expect((await as(theAdmin, 'DELETE', `/api/test/users/${id}`)).statusCode).toBe(200);
    const deleted = await entryOf('customer.deleted', id);
    expect(deleted).toMatchObject({ actorName: adminLabel(), summary: 'Deleted a customer account' });
  });

  it('an admin’s carer profile: created, changed, deleted', async () => {
    const input = {
      firstName: 'Olu',
      lastName: 'Adeyemi',
      specialization: 'Elderly Care',
      experience: '3-5 years',
      location: 'Leeds, LS1 4AP',
      hourlyRateMin: '15',
      hourlyRateMax: '20',
      description: 'Kind and patient.',
      qualifications: ['First Aid Certified'],
      availability: ['Weekdays'],
      isVerified: false,
    };
    const created = await as(theAdmin, 'POST', '/api/test/carers', input);
    expect(created.statusCode, created.body).toBe(201);
    const carerId = created.json<AdminCarer>().id;
    expect((await entryOf('carer.created', carerId)).summary).toBe('Created a carer profile for Olu Adeyemi');
    const changed = await as(theAdmin, 'PUT', `/api/test/carers/${carerId}`, {
      ...input,
      hourlyRateMax: '22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const updated = await entryOf('carer.updated', carerId);
    expect(updated.summary).toBe('Changed Olu Adeyemi’s carer profile');
    expect(texts(updated)).toEqual(['Changed maximum rate from £20/hour to £22/hour']);
    expect((await as(theAdmin, 'DELETE', `/api/test/carers/${carerId}`)).statusCode).toBe(200);
    expect((await entryOf('carer.deleted', carerId)).summary).toBe('Deleted a carer profile');
  });

  it('checks: approved, rejected, a DBS Update Service status check', async () => {
    const { worker, verificationId } = await approvedCarer({ firstName: 'Vera', lastName: 'Lind' });
    const approved = await entryOf('verification.approved', verificationId);
    expect(approved).toMatchObject({ actorName: adminLabel(), summary: 'Approved Vera Lind’s checks' });
    expect(texts(approved)).toContain('Changed status from pending to approved');

    const other = await uncheckedCarer(t, { firstName: 'Rhys', lastName: 'Evans' });
    const submitted = await submitValidChecks(t, other.cookie, validFields());
    const rejected = await as(theAdmin, 'POST', `/api/admin/verifications/${submitted.id}/reject`, {
      reason: 'The certificate is unreadable.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const entry = await entryOf('verification.rejected', submitted.id);
    expect(entry.summary).toBe('Rejected Rhys Evans’s checks');
    expect(texts(entry).join('\n')).not.toMatch(/Verified badge/);

    const checked = await as(theAdmin, 'POST', `/api/admin/verifications/${verificationId}/status-checks`, {
      checkedOn: new Date().toISOString().slice(0, 10),
      result: 'current',
    });
    expect(checked.statusCode, checked.body).toBe(201);
    const check = await entryOf('dbs-status-check.recorded', verificationId);
    expect(check.summary).toBe('Recorded a DBS Update Service status check for Vera Lind');
    expect(texts(check)).toContain('Set result to Current: no new information');
    expect(worker.carerId).toBeTruthy();
  });

  it('reports: dismissed, warned, suspended (with the suspension), the suspension lifted, signed out everywhere, arrangements looked at', async () => {
    const family = await customer(t, 'active', { firstName: 'Nia', lastName: 'Jones' });
    const worker = await carer(t, { firstName: 'Pete', lastName: 'Ward' });
    const conversationId = await startConversation(t, family, worker);

    for (const [action, expected] of [
      ['dismiss', 'Dismissed a report about Pete Ward'],
      ['warn', 'Warned Pete Ward after a report'],
      ['suspend', 'Suspended Pete Ward after a report'],
    ] as const) {
      const id = await report(family, conversationId);
      const resolved = await as(theAdmin, 'POST', `/api/admin/reports/${id}/resolve`, {
        action,
        note: 'Looked into it.',
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const done = action === 'dismiss' ? 'dismissed' : action === 'warn' ? 'warned' : 'suspended';
      const entry = await entryOf(`report.${done}`, id);
      expect(entry).toMatchObject({ actorName: adminLabel(), summary: expected });
      expect(texts(entry)).toContain(`Set outcome to ${done}`);
    }
    const suspended = await entryOf('user.suspended', worker.user.id);
    expect(suspended.summary).toBe('Suspended Pete Ward’s account');

    expect((await as(theAdmin, 'POST', `/api/admin/users/${worker.user.id}/unsuspend`)).statusCode).toBe(200);
    expect((await entryOf('user.unsuspended', worker.user.id)).summary).toBe(
      'Lifted the suspension of Pete Ward’s account',
    );

    expect((await as(theAdmin, 'DELETE', `/api/admin/users/${family.user.id}/sessions`)).statusCode).toBe(
      200,
    );
    expect((await entryOf('user.signed-out', family.user.id)).summary).toBe(
      'Signed Nia Jones out everywhere',
    );

    expect((await as(theAdmin, 'GET', `/api/admin/users/${family.user.id}/arrangements`)).statusCode).toBe(
      200,
    );
    expect((await entryOf('arrangements.viewed', family.user.id)).summary).toBe(
      'Looked at Nia Jones’s care arrangements',
    );
  });

  it('a family’s own plan: cancelled, and refunded in the cooling-off period', async () => {
    const monthly = await paidCustomer('monthly');
    expect((await as(monthly, 'POST', '/api/subscription/cancel')).statusCode).toBe(200);
    const cancelled = await entryOf('subscription.cancelled', monthly.user.id);
    expect(cancelled).toMatchObject({
      actorName: `Family: ${fullName(monthly)} (${monthly.user.email})`,
      actorRole: 'customer',
      summary: 'Cancelled their plan',
    });

    const annual = await paidCustomer('annual');
    expect((await as(annual, 'POST', '/api/subscription/cancel')).statusCode).toBe(200);
    const refunded = await entryOf('subscription.refunded', annual.user.id);
    expect(refunded.actorName).toBe(`Family: ${fullName(annual)} (${annual.user.email})`);
    expect(refunded.summary).toMatch(
      /^Cancelled their plan in the cooling-off period: refunded £\d+\.\d{2}$/,
    );
  });

  it('no-reply protection, by "CareMatch (automatic)": days added, or refunded in cooling-off', async () => {
    const helper = await carer(t, { firstName: 'Elin', lastName: 'Silent' });
    const monthly = await paidCustomer('monthly');
    await startConversation(t, monthly, helper, 'Are you free on Tuesday mornings?');
    const annual = await paidCustomer('annual');
    await startConversation(t, annual, helper, 'Are you free on Friday evenings?');
    await createSubscriptionEndingService({
      db: t.database.db,
      provider: createDemoProvider({ secret: t.config.sessionSecret }),
      mailer: t.app.mailer,
      log: t.app.log,
      secret: t.config.sessionSecret,
      publicUrl: t.config.publicUrl,
      now: () => new Date(Date.now() + 8 * 86_400_000),
    }).protectUnanswered();
    const extended = await entryOf('subscription.no-reply-extended', monthly.user.id);
    expect(extended.actorName).toBe(SYSTEM_ACTOR);
    expect(extended.summary).toBe(
      `No carer replied in the days after ${fullName(monthly)}’s payment: 7 days added to their access`,
    );
    const refunded = await entryOf('subscription.no-reply-refunded', annual.user.id);
    expect(refunded.actorName).toBe(SYSTEM_ACTOR);
    expect(refunded.summary).toBe(
      `No carer replied in the days after ${fullName(annual)}’s payment: refunded £100.00 in the cooling-off period`,
    );
  });

  it('a refund made at the payment provider, recorded by "CareMatch (automatic)"', async () => {
    const stripe = createFakeStripe();
    const s = await createTestApp(STRIPE_ENV, undefined, { stripeClient: stripe.client });
    try {
      const reader = await admin(s);
      const family = await s.register({ firstName: 'Rhiannon', lastName: 'Price' });
      expect(
        (await s.injectAs(family.cookie, { method: 'POST', url: '/api/create-subscription' })).statusCode,
      ).toBe(200);
      const [payment] = await paymentsOf(s, family.user.id);
      const intent = payment!.providerReference!;
      expect(
        (await postWebhook(s, stripeEvent('payment_intent.succeeded', paymentIntentObject(intent))))
          .statusCode,
      ).toBe(200);
      expect(
        (await postWebhook(s, stripeEvent('charge.refunded', chargeObject(intent, 4900, 4900)))).statusCode,
      ).toBe(200);
      const refunded = await entryOf('payment.refunded', family.user.id, { app: s, reader });
      expect(refunded).toMatchObject({
        actorName: SYSTEM_ACTOR,
        summary:
          'Recorded a refund made at the payment provider: £49.00 of Rhiannon Price’s 3-Month Access payment; what it paid for ended',
      });
    } finally {
      await s.close();
    }
  });

  it('an admin marking a closed card dispute on a carer’s payment handled', async () => {
    const worker = await carer(t, { firstName: 'Nadia', lastName: 'Quist' });
    const family = await customer(t, 'none', { firstName: 'Owen', lastName: 'Hart' });
    const [attempt] = await t.database.db
      .insert(carePaymentAttempts)
      .values({
        invoiceId: randomUUID(),
        invoiceNumber: 'INV-0042',
        attempt: 1,
        carerId: worker.user.id,
        familyId: family.user.id,
        provider: 'demo',
        accountId: 'acct_audit_words',
        amountPence: 4550,
        feePence: 227,
        status: 'succeeded',
        succeededAt: new Date(),
      })
      .returning();
    const [dispute] = await t.database.db
      .insert(carePaymentDisputes)
      .values({
        attemptId: attempt!.id,
        invoiceId: attempt!.invoiceId,
        provider: 'demo',
        disputeRef: 'dp_audit_words',
        amountPence: 4550,
        reason: 'product_not_received',
        status: 'won',
        openedAt: new Date(),
        closedAt: new Date(),
        lastEventAt: new Date(),
      })
      .returning();
    const handled = await as(theAdmin, 'POST', `/api/admin/care-payments/disputes/${dispute!.id}/handled`, {
      note: 'Checked with the carer: nothing more to do.',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const entry = await entryOf('care-dispute.handled', worker.user.id);
    expect(entry).toMatchObject({
      actorName: adminLabel(),
      summary: 'Marked the card dispute on Nadia Quist’s invoice INV-0042 (£45.50) handled',
    });
    expect(texts(entry)).toEqual(
      expect.arrayContaining([
        'Set invoice to INV-0042',
        'Set dispute outcome to won by the carer',
        'Set note to Checked with the carer: nothing more to do.',
      ]),
    );
  });

  it('housekeeping: a lapsed check and a DBS scan past its retention, by "CareMatch (automatic)"', async () => {
    const { worker, verificationId } = await approvedCarer({ firstName: 'Lars', lastName: 'Berg' });
    // No public liability insurance: it lapses once the grace period after approval is over.
    await complianceAt(new Date(Date.now() + 60 * DAY_MS)).lapseDue();
    const lapsed = await entryOf('compliance.lapsed', worker.carerId);
    expect(lapsed).toMatchObject({
      actorName: SYSTEM_ACTOR,
      summary: 'Took Lars Berg out of search: a required check lapsed',
    });
    expect(texts(lapsed)).toContain('Changed Verified badge from yes to no');
    expect(texts(lapsed).join('\n')).toMatch(/Public liability insurance \(due \d{1,2} \w{3} \d{4}\)/);

    await complianceAt(new Date(Date.now() + 220 * DAY_MS)).deleteExpiredScans();
    const scan = await entryOf('verification.dbs-scan-deleted', verificationId);
    expect(scan).toMatchObject({
      actorName: SYSTEM_ACTOR,
      summary: 'Deleted the scan of Lars Berg’s DBS certificate (retention period over)',
    });
  });
});

describe('the list of audited actions', () => {
  /** Every `action:` an audit writer is given in the server's code, as written there. */
  function writtenActions(): string[] {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, name.name);
        if (name.isDirectory()) walk(file);
        else if (file.endsWith('.ts')) {
          const source = fs.readFileSync(file, 'utf8');
          if (!/createAuditRecorder|audit\.record\(|AuditRecord\b/.test(source)) continue;
          // A string, a template (`verification.${status}`), or each string of a conditional.
          for (const [, expression] of source.matchAll(/\baction:\s*(`[^`]+`|[^,\n]+)/g)) {
            if (expression!.startsWith('`')) found.push(expression!.slice(1, -1));
            else if (/^'[^']+'/.test(expression!)) found.push(expression!.split("'")[1]!);
            else for (const [, literal] of expression!.matchAll(/[?:]\s*'([^']+)'/g)) found.push(literal!);
          }
        }
      }
    };
    walk(path.join(import.meta.dirname, '../../src/server'));
    return found;
  }

  it('names every action the code writes, and each has been performed and read in words above', () => {
    const written = writtenActions();
    expect(written.length).toBeGreaterThan(15);
    const covered = new Set<string>();
    for (const action of written) {
      // `verification.${status}`: any action of that shape.
      const pattern = new RegExp(`^${action.replace(/[.]/g, '\\.').replace(/\$\{[^}]+\}/g, '[a-z-]+')}$`);
      const matching = AUDIT_ACTIONS.filter((known) => pattern.test(known));
      expect(matching, `"${action}" is written but not in AUDIT_ACTIONS`).not.toEqual([]);
      for (const known of matching) covered.add(known);
    }
    expect([...covered].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect([...performed].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
