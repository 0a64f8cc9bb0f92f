import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contracts/audit';
import { SYSTEM_ACTOR } from '@contracts/audit-words';
import type { PublicCarer } from '@contracts/carers';
import {
  COMPLIANCE_MESSAGES,
  type AdminInsurance,
  type DbsStatusCheck,
  type DueItem,
  type OwnCompliance,
  type OwnInsurance,
} from '@contracts/verification-compliance';
import { describeCheckFacts, type AdminVerification, type OwnVerification } from '@contracts/verification';
import { DELETE_CONFIRMATION_WORD } from '@contracts/settings';
import {
  auditLog,
  carerProfiles,
  carerVerifications,
  rightToWorkRecords,
  uploads,
} from '../../src/server/db/schema';
import { createComplianceRepository } from '../../src/server/features/verification/compliance.repository';
import { createComplianceService } from '../../src/server/features/verification/compliance.service';
import { createDocumentStore } from '../../src/server/features/verification/document-store';
import {
  admin,
  customer,
  startConversation,
  uncheckedCarer,
  type Carer,
  type Person,
} from '../support/messaging-fixtures';
import { seedDemoData } from '../../src/server/demo-seed/seed';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app';
import {
  FILES,
  multipartForm,
  submitChecks,
  submitValidChecks,
  validFields,
  validFiles,
} from '../support/verification-fixtures';

const DAY_MS = 24 * 3_600_000;
let t: TestApp;
let theAdmin: Person;
let subscriber: Person;

beforeAll(async () => {
  t = await createTestApp();
  theAdmin = await admin(t);
  subscriber = await customer(t, 'active');
});
afterAll(() => t.close());

/** YYYY-MM-DD of `days` from now (UTC, as the tests' dates). */
const day = (days: number, from = Date.now()) => new Date(from + days * DAY_MS).toISOString().slice(0, 10);
/** Noon UTC of a YYYY-MM-DD: the same day in UK time, whatever the season. */
const noon = (ymd: string) => new Date(`${ymd}T12:00:00Z`);

/** The compliance service on the test database, its clock at `at`. */
const at = (when: Date) =>
  createComplianceService({
    repository: createComplianceRepository(t.database.db),
    db: t.database.db,
    storage: t.storage,
    mailer: t.app.mailer,
    publicUrl: t.config.publicUrl,
    documents: createDocumentStore({ db: t.database.db, storage: t.storage }),
    now: () => when,
  });

const insuranceFields = (overrides: Record<string, string> = {}) => ({
  kind: 'public_liability',
  insurer: 'Hiscox',
  policyNumber: 'PL-778812',
  coverPounds: '5,000,000',
  expiresOn: day(40),
  ...overrides,
});

const addInsurance = (cookie: string, fields: Record<string, string>, document: Buffer | null = FILES.pdf) =>
  t.injectAs(cookie, {
    method: 'POST',
    url: '/api/carers/my-profile/insurance',
    ...multipartForm(
      fields,
      document
        ? [{ field: 'document', filename: 'policy.pdf', contentType: 'application/pdf', content: document }]
        : [],
    ),
  });

const adminPost = (url: string, payload?: object) =>
  t.injectAs(theAdmin.cookie, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function approvedInsurance(carer: Carer, fields: Record<string, string>): Promise<OwnInsurance> {
  const added = await addInsurance(carer.cookie, fields);
  expect(added.statusCode, added.body).toBe(201);
  const insurance = added.json<OwnInsurance>();
  const approved = await adminPost(`/api/admin/insurance/${insurance.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return insurance;
}

/** A carer whose checks (fields of the submission) an admin approved through the API. */
async function approvedCarer(fields = validFields(), names: { firstName?: string } = {}) {
  const carer = await uncheckedCarer(t, names);
  const submitted = await submitValidChecks(t, carer.cookie, fields);
  const approved = await adminPost(`/api/admin/verifications/${submitted.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return { carer, verification: submitted };
}

const profile = (carerId: string, who: Person | null) =>
  t.injectAs(who?.cookie, { method: 'GET', url: `/api/carers/${carerId}` });
const compliance = async (carer: Carer) =>
  (await t.injectAs(carer.cookie, { url: '/api/carers/my-profile/compliance' })).json<OwnCompliance>();
const isVerified = async (carerId: string) =>
  (await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, carerId)))[0]?.isVerified;
const mailsTo = async (address: string, subject: string | RegExp) =>
  (await t.outbox()).filter(
    (mail) =>
      mail.toAddress === address &&
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)),
  );

describe('insurance', () => {
  it('refuses a form with mistakes, each with its own message, and stores nothing', async () => {
    const carer = await uncheckedCarer(t);
    const response = await addInsurance(
      carer.cookie,
      { kind: 'car', insurer: ' ', policyNumber: '', coverPounds: 'lots', expiresOn: '2026-02-30' },
      null,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      kind: COMPLIANCE_MESSAGES.kindRequired,
      insurer: COMPLIANCE_MESSAGES.insurerRequired,
      policyNumber: COMPLIANCE_MESSAGES.policyNumberRequired,
      coverPounds: COMPLIANCE_MESSAGES.coverRequired,
      expiresOn: COMPLIANCE_MESSAGES.expiresOnRequired,
      document: COMPLIANCE_MESSAGES.documentRequired,
    });
    const ended = await addInsurance(carer.cookie, insuranceFields({ expiresOn: day(-1) }));
    expect(ended.statusCode).toBe(400);
    expect(ended.json().fieldErrors).toEqual({ expiresOn: COMPLIANCE_MESSAGES.expiresOnPast });
    const html = await addInsurance(carer.cookie, insuranceFields(), FILES.html);
    expect(html.json().fieldErrors).toMatchObject({ document: expect.any(String) });
    expect((await compliance(carer)).insurance).toEqual([]);
  });

  it('is reviewed by an admin, then the profile shows "Insured until …" to everyone', async () => {
    const { carer } = await approvedCarer();
    const added = await addInsurance(carer.cookie, insuranceFields({ expiresOn: day(200) }));
    expect(added.statusCode, added.body).toBe(201);
    const insurance = added.json<OwnInsurance>();
    expect(insurance).toMatchObject({ status: 'pending', coverPounds: 5_000_000, insurer: 'Hiscox' });
    // One waiting at a time of each kind.
    expect((await addInsurance(carer.cookie, insuranceFields())).statusCode).toBe(409);
    // Not shown before it is approved.
    expect((await profile(carer.carerId, null)).json<PublicCarer>().checkSummary?.insuredUntil).toBeNull();

    const queue = (await t.injectAs(theAdmin.cookie, { url: '/api/admin/insurance' })).json<
      AdminInsurance[]
    >();
    const row = queue.find((item) => item.id === insurance.id);
    expect(row).toMatchObject({
      carerId: carer.carerId,
      documentUrl: expect.stringMatching(/^\/api\/admin\//),
    });
    const document = await t.injectAs(theAdmin.cookie, { url: row!.documentUrl! });
    expect(document.statusCode).toBe(200);
    expect((await t.injectAs(subscriber.cookie, { url: row!.documentUrl! })).statusCode).toBe(403);

    const noReason = await adminPost(`/api/admin/insurance/${insurance.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await adminPost(`/api/admin/insurance/${insurance.id}/approve`)).statusCode).toBe(200);
    expect((await adminPost(`/api/admin/insurance/${insurance.id}/approve`)).statusCode).toBe(409);

    const visitor = (await profile(carer.carerId, null)).json<PublicCarer>();
    expect(visitor.checks).toBeNull();
    expect(visitor.checkSummary).toEqual({ checkedOn: expect.any(String), insuredUntil: day(200) });
    const seen = (await profile(carer.carerId, subscriber)).json<PublicCarer>();
    expect(seen.checks?.insuredUntil).toBe(day(200));
    expect(describeCheckFacts(seen.checks!)).toContain(COMPLIANCE_MESSAGES.insuredUntil(day(200)));
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'insurance.approved'), eq(auditLog.entityId, carer.carerId)));
    expect(entry).toMatchObject({ actorId: theAdmin.user.id, after: { kind: 'public_liability' } });
    expect(await mailsTo(carer.user.email, 'insurance is approved')).toHaveLength(1);
  });
});

describe('dated facts on the profile', () => {
  it('shows each check with its date to a subscriber, and only the dates to a visitor', async () => {
    const { carer, verification } = await approvedCarer(
      validFields({ dbsWorkforce: 'both', rightToWorkExpiresOn: day(300), dbsIssueDate: '2026-03-02' }),
    );
    await approvedInsurance(carer, insuranceFields({ expiresOn: day(365) }));
    const recorded = await adminPost(`/api/admin/verifications/${verification.id}/status-checks`, {
      checkedOn: day(0),
      result: 'current',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json<DbsStatusCheck>()).toMatchObject({ result: 'current', checkedOn: day(0) });
    // Who recorded it, when, and what it said stay with the checks for the admins.
    const view = (
      await t.injectAs(theAdmin.cookie, { url: `/api/admin/verifications/${verification.id}` })
    ).json<AdminVerification>();
    expect(view.statusChecks).toEqual([
      expect.objectContaining({
        checkedOn: day(0),
        result: 'current',
        recordedBy: `${theAdmin.user.firstName} ${theAdmin.user.lastName}`,
      }),
    ]);
    expect(view).toMatchObject({ dbsWorkforce: 'both', rightToWorkExpiresOn: day(300) });

    const checks = (await profile(carer.carerId, subscriber)).json<PublicCarer>().checks!;
    expect(checks).toMatchObject({
      dbsLevel: 'Enhanced with Barred List',
      dbsWorkforce: 'both',
      barredListChecked: true,
      dbsIssueDate: '2026-03-02',
      dbsUpdateService: true,
      lastStatusCheckOn: day(0),
      rightToWorkRecheckDue: day(300),
      referencesConfirmed: 2,
      insuredUntil: day(365),
    });
    const facts = describeCheckFacts(checks);
    expect(facts[0]).toBe(
      'Enhanced DBS with Barred List (adult and child workforce): barred list checked · certificate issued 2 March 2026',
    );
    expect(facts.join('\n')).toMatch(/time-limited permission: re-check due/);
    expect(facts.join('\n')).toMatch(/References: 2 confirmed on/);
    const visitor = (await profile(carer.carerId, null)).json<PublicCarer>();
    expect(visitor.checks).toBeNull();
    expect(visitor.checkSummary?.insuredUntil).toBe(day(365));
  });

  it('refuses status checks in the future, and on checks not on the Update Service', async () => {
    const { verification } = await approvedCarer(validFields({ dbsUpdateService: 'false' }));
    const notOnService = await adminPost(`/api/admin/verifications/${verification.id}/status-checks`, {
      checkedOn: day(0),
      result: 'current',
    });
    expect(notOnService.statusCode).toBe(409);
    const { verification: onService } = await approvedCarer();
    const future = await adminPost(`/api/admin/verifications/${onService.id}/status-checks`, {
      checkedOn: day(3),
      result: 'current',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ checkedOn: COMPLIANCE_MESSAGES.checkedOnFuture });
    const bad = await adminPost(`/api/admin/verifications/${onService.id}/status-checks`, {
      result: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['checkedOn', 'result']));
  });
});

describe('reminders, lapsing and coming back', () => {
  it('emails 30 and 7 days ahead (each once), then takes the carer out of search on the expiry day', async () => {
    const { carer } = await approvedCarer(validFields(), { firstName: 'Olwen' });
    const expiresOn = day(40);
    await approvedInsurance(carer, insuranceFields({ expiresOn }));
    const family = await customer(t, 'active');
    await startConversation(t, family, carer);
    const reminders = () => mailsTo(carer.user.email, 'Public liability insurance: due on');

    await at(noon(day(-31, Date.parse(expiresOn)))).sendReminders();
    expect(await reminders()).toHaveLength(0);
    await at(noon(day(-30, Date.parse(expiresOn)))).sendReminders();
    await at(noon(day(-29, Date.parse(expiresOn)))).sendReminders();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.bodyText).toMatch(/in 30 days/);
    await at(noon(day(-7, Date.parse(expiresOn)))).sendReminders();
    await at(noon(day(-6, Date.parse(expiresOn)))).sendReminders();
    expect(await reminders()).toHaveLength(2);
    expect((await reminders())[1]!.bodyText).toMatch(/in 7 days/);

    // The day before: still listed.
    await at(noon(day(-1, Date.parse(expiresOn)))).lapseDue();
    expect(await isVerified(carer.carerId)).toBe(true);
    await at(noon(expiresOn)).lapseDue();
    expect(await isVerified(carer.carerId)).toBe(false);
    expect((await profile(carer.carerId, null)).statusCode).toBe(404);
    const search = (await t.injectAs(undefined, { url: '/api/carers' })).json<{ items: { id: string }[] }>();
    expect(search.items.map((item) => item.id)).not.toContain(carer.carerId);
    // Once: a second run changes nothing and emails nobody again.
    await at(noon(day(1, Date.parse(expiresOn)))).lapseDue();

    const own = await compliance(carer);
    expect(own.lapses).toEqual([
      {
        check: 'public_liability',
        dueOn: expiresOn,
        lapsedAt: noon(expiresOn).toISOString(),
        reason: COMPLIANCE_MESSAGES.lapseReasons.public_liability,
      },
    ]);
    const told = await mailsTo(carer.user.email, COMPLIANCE_MESSAGES.lapsedTitle);
    expect(told).toHaveLength(1);
    expect(told[0]!.bodyText).toContain(COMPLIANCE_MESSAGES.lapseReasons.public_liability);
    const familyMail = await mailsTo(family.user.email, 'Olwen’s checks need renewing');
    expect(familyMail).toHaveLength(1);
    expect(familyMail[0]!.bodyText).not.toMatch(/insurance|DBS|right to work/i);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'compliance.lapsed'), eq(auditLog.entityId, carer.carerId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      after: { carerIsVerified: false, lapsed: [{ check: 'public_liability', dueOn: expiresOn }] },
    });
    // The admins read it in words, done by CareMatch itself.
    const log = await t.injectAs(theAdmin.cookie, { url: `/api/admin/audit-log?entityId=${carer.carerId}` });
    const worded = log
      .json<{ items: AuditEntry[] }>()
      .items.find((item) => item.action === 'compliance.lapsed');
    expect(worded).toMatchObject({
      actorName: SYSTEM_ACTOR,
      summary: `Took ${carer.user.firstName} ${carer.user.lastName} out of search: a required check lapsed`,
    });

    // Renewed and approved: back in search, the lapse closed.
    await approvedInsurance(carer, insuranceFields({ expiresOn: day(400) }));
    expect(await isVerified(carer.carerId)).toBe(true);
    expect((await profile(carer.carerId, null)).statusCode).toBe(200);
    expect((await compliance(carer)).lapses).toEqual([]);
  });

  it('lapses time-limited right to work on its end day, and lists it in the admins’ queue first', async () => {
    const ends = day(60);
    const { carer } = await approvedCarer(validFields({ rightToWorkExpiresOn: ends }));
    await approvedInsurance(carer, insuranceFields({ expiresOn: day(500) }));
    const queue = async (when: Date) =>
      (await at(when).dueQueue()).filter((item: DueItem) => item.carerId === carer.carerId);
    expect(await queue(noon(day(-31, Date.parse(ends))))).toEqual([]);
    expect(await queue(noon(day(-30, Date.parse(ends))))).toEqual([
      expect.objectContaining({ check: 'right_to_work', dueOn: ends, lapses: true }),
    ]);
    // The API's queue is the same list (today: nothing of this carer's is due yet).
    const api = await t.injectAs(theAdmin.cookie, { url: '/api/admin/compliance/due' });
    expect(api.statusCode).toBe(200);
    expect(api.json<DueItem[]>().filter((item) => item.carerId === carer.carerId)).toEqual([]);

    await at(noon(ends)).lapseDue();
    expect(await isVerified(carer.carerId)).toBe(false);
    expect((await compliance(carer)).lapses.map((lapse) => lapse.check)).toEqual(['right_to_work']);
  });

  it('asks for a status check 6 months after the last, and a "changed" one lapses the DBS check at once', async () => {
    const { carer, verification } = await approvedCarer();
    await approvedInsurance(carer, insuranceFields({ expiresOn: day(500) }));
    const due = (await at(noon(day(170))).dueQueue()).filter((item) => item.carerId === carer.carerId);
    expect(due).toEqual([expect.objectContaining({ check: 'dbs_status_check', lapses: false })]);
    // Asking for a status check is the admins' task: the carer is not emailed about it, nor lapsed.
    await at(noon(day(200))).lapseDue();
    expect(await isVerified(carer.carerId)).toBe(true);

    const changed = await adminPost(`/api/admin/verifications/${verification.id}/status-checks`, {
      checkedOn: day(0),
      result: 'changed',
    });
    expect(changed.statusCode).toBe(201);
    expect(await isVerified(carer.carerId)).toBe(false);
    expect((await compliance(carer)).lapses.map((lapse) => lapse.check)).toEqual(['dbs']);
  });

  it('gives a carer approved without insurance 30 days to add it', async () => {
    const { carer } = await approvedCarer();
    expect(await isVerified(carer.carerId)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(carerVerifications)
      .where(eq(carerVerifications.carerId, carer.carerId));
    expect(row?.insuranceDueOn).toBe(day(30));
    await at(noon(day(23))).sendReminders();
    const asked = await mailsTo(carer.user.email, 'Public liability insurance: due on');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.bodyText).toContain(COMPLIANCE_MESSAGES.insuranceMissing(day(30)));
    await at(noon(day(29))).lapseDue();
    expect(await isVerified(carer.carerId)).toBe(true);
    await at(noon(day(30))).lapseDue();
    expect(await isVerified(carer.carerId)).toBe(false);
    expect((await compliance(carer)).lapses.map((lapse) => lapse.check)).toEqual(['public_liability']);
  });
});

describe('document retention', () => {
  it('deletes the DBS scan 6 months after the decision, keeping the record and the other scans', async () => {
    const carer = await uncheckedCarer(t);
    const submitted: OwnVerification = await submitValidChecks(t, carer.cookie);
    expect((await adminPost(`/api/admin/verifications/${submitted.id}/approve`)).statusCode).toBe(200);
    const [before] = await t.database.db
      .select()
      .from(carerVerifications)
      .where(eq(carerVerifications.id, submitted.id));
    const dbsDocumentId = before!.dbsDocumentId!;
    const [scan] = await t.database.db.select().from(uploads).where(eq(uploads.id, dbsDocumentId));
    expect(await t.storage.get(scan!.storageKey)).toBeDefined();
    const decided = before!.reviewedAt!;
    const months = (count: number, plusDays: number) => {
      const when = new Date(decided);
      when.setUTCMonth(when.getUTCMonth() + count);
      return new Date(when.getTime() + plusDays * DAY_MS);
    };

    await at(months(6, -1)).deleteExpiredScans();
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, dbsDocumentId))).toHaveLength(1);
    await at(months(6, 1)).deleteExpiredScans();
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, dbsDocumentId))).toHaveLength(0);
    expect(await t.storage.get(scan!.storageKey)).toBeUndefined();

    const view = (
      await t.injectAs(theAdmin.cookie, { url: `/api/admin/verifications/${submitted.id}` })
    ).json<AdminVerification>();
    expect(view.documents.map((doc) => doc.field)).toEqual(['photoId']);
    expect(view).toMatchObject({
      status: 'approved',
      dbsCertificateNumber: '001234567890',
      dbsLevel: 'Enhanced with Barred List',
      reviewedBy: expect.any(String),
      dbsDocumentDeletedAt: months(6, 1).toISOString(),
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.dbs-scan-deleted'), eq(auditLog.entityId, submitted.id)));
    expect(entry).toBeDefined();
  });

  it('keeps right-to-work evidence for 2 years after the carer leaves, then deletes it', async () => {
    const carer = await uncheckedCarer(t, { firstName: 'Rhodri' });
    const submitted = await submitChecks(
      t,
      carer.cookie,
      validFields({ rightToWorkMethod: 'passport', rightToWorkShareCode: undefined }),
      validFiles({ rightToWorkDocument: FILES.png }),
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json<OwnVerification>().id;
    expect((await adminPost(`/api/admin/verifications/${id}/approve`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(carerVerifications).where(eq(carerVerifications.id, id));
    const [passport] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, row!.rightToWorkDocumentId!));
    const [dbsScan] = await t.database.db.select().from(uploads).where(eq(uploads.id, row!.dbsDocumentId!));

    const deleted = await t.injectAs(carer.cookie, {
      method: 'DELETE',
      url: '/api/settings/account',
      payload: { password: TEST_PASSWORD, confirmation: DELETE_CONFIRMATION_WORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const leftAt = Date.now();
    // The passport scan and what was checked stay; every other file of the account goes.
    expect(await t.storage.get(passport!.storageKey)).toBeDefined();
    expect(await t.storage.get(dbsScan!.storageKey)).toBeUndefined();
    const kept = await t.database.db
      .select()
      .from(rightToWorkRecords)
      .where(eq(rightToWorkRecords.documentStorageKey, passport!.storageKey));
    expect(kept).toEqual([
      expect.objectContaining({
        carerName: carer.user.firstName + ' ' + carer.user.lastName,
        method: 'passport',
      }),
    ]);

    const years = (count: number, plusDays: number) => {
      const when = new Date(leftAt);
      when.setUTCFullYear(when.getUTCFullYear() + count);
      return new Date(when.getTime() + plusDays * DAY_MS);
    };
    await at(years(2, -1)).deleteExpiredRightToWork();
    expect(await t.storage.get(passport!.storageKey)).toBeDefined();
    await at(years(2, 1)).deleteExpiredRightToWork();
    expect(await t.storage.get(passport!.storageKey)).toBeUndefined();
    expect(
      await t.database.db.select().from(rightToWorkRecords).where(eq(rightToWorkRecords.id, kept[0]!.id)),
    ).toEqual([]);
  });
});

describe('the demo data', () => {
  it('gives every verified seeded carer current insurance, so housekeeping keeps them listed', async () => {
    const verifiedIds = async () =>
      new Set(
        (
          await t.database.db
            .select({ id: carerProfiles.id })
            .from(carerProfiles)
            .where(eq(carerProfiles.isVerified, true))
        ).map((row) => row.id),
      );
    const before = await verifiedIds();
    await seedDemoData(t.database.db);
    const seeded = [...(await verifiedIds())].filter((id) => !before.has(id));
    expect(seeded.length).toBeGreaterThan(5);
    await at(new Date()).lapseDue();
    const after = await verifiedIds();
    for (const id of seeded) {
      expect(after.has(id), id).toBe(true);
      const snapshot = await createComplianceRepository(t.database.db).snapshotOf(id);
      // Cover of at least a month ahead: no seeded carer falls out of the demo soon after seeding.
      expect(`${id} ${snapshot?.publicLiabilityUntil ?? 'none'}`).toMatch(/ \d{4}-\d{2}-\d{2}$/);
      expect(snapshot!.publicLiabilityUntil! > day(30), id).toBe(true);
    }
  });
});
