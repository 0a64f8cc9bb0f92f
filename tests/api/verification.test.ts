import { COMPLIANCE_MESSAGES, type OwnCompliance } from '../../src/contracts/verification-compliance';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicCarer } from '@contracts/carers';
import {
  DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
  describeDbsCheck,
  type AdminVerification,
  type OwnVerification,
} from '@contracts/verification';
import { auditLog, carerProfiles, carerVerifications, uploads } from '../../src/server/db/schema';
import { admin, customer, uncheckedCarer, type Carer, type Person } from '../support/messaging-fixtures';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_PENDING_VERIFICATION_EMAIL,
  seedDemoData,
} from '../../src/server/demo-seed/seed';
import { createTestApp, sessionCookieFrom, type TestApp } from '../support/test-app';
import {
  FILES,
  REFERENCES,
  submitChecks,
  submitValidChecks,
  validFields,
  validFiles,
} from '../support/verification-fixtures';

let t: TestApp;
let theAdmin: Person;
let subscriber: Person;
let unsubscribed: Person;
let expired: Person;

beforeAll(async () => {
  t = await createTestApp();
  theAdmin = await admin(t);
  subscriber = await customer(t, 'active');
  unsubscribed = await customer(t, 'none');
  expired = await customer(t, 'expired');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** `null`: a visitor. */
const adminGet = (url: string, who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, { method: 'GET', url });
const approve = (id: string, who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, { method: 'POST', url: `/api/admin/verifications/${id}/approve` });
const reject = (id: string, reason: unknown, who: Person | null = theAdmin) =>
  t.injectAs(who?.cookie, {
    method: 'POST',
    url: `/api/admin/verifications/${id}/reject`,
    payload: { reason } as object,
  });
const documentRows = (ownerId: string) =>
  t.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.kind, 'document')));
const profileOf = (who: Person | null | undefined, carerId: string) =>
  t.injectAs(who?.cookie, { method: 'GET', url: `/api/carers/${carerId}` });

describe('submitting checks', () => {
  it('answers a visitor 401, a customer and an admin 403, a carer without a profile 404', async () => {
    expect((await submitChecks(t, undefined)).statusCode).toBe(401);
    expect((await submitChecks(t, subscriber.cookie)).statusCode).toBe(403);
    expect((await submitChecks(t, theAdmin.cookie)).statusCode).toBe(403);
    const noProfile = await t.register({ userType: 'carer' });
    const response = await submitChecks(t, noProfile.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(VERIFICATION_MESSAGES.noProfile);
    expect(
      (await t.injectAs(noProfile.cookie, { url: '/api/carers/my-profile/verification' })).statusCode,
    ).toBe(404);
  });

  it('stores a share-code submission as pending, with its two documents private', async () => {
    const person = await uncheckedCarer(t);
    const before = await t.injectAs(person.cookie, { url: '/api/carers/my-profile/verification' });
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(VERIFICATION_MESSAGES.verificationNotFound);

    const response = await submitChecks(t, person.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const own = response.json<OwnVerification>();
    expect(own).toMatchObject({
      status: 'pending',
      reviewedAt: null,
      rejectionReason: null,
      dbsLevel: 'Enhanced with Barred List',
      dbsIssueDate: '2026-03-02',
      dbsUpdateService: true,
      rightToWorkMethod: 'share_code',
      renewalDue: false,
    });
    const mine = await t.injectAs(person.cookie, { url: '/api/carers/my-profile/verification' });
    expect(mine.json<OwnVerification>()).toEqual(own);
    expect(mine.headers['cache-control']).toBe('no-store');

    const [row] = await t.database.db
      .select()
      .from(carerVerifications)
      .where(eq(carerVerifications.id, own.id));
    expect(row).toMatchObject({
      carerId: person.carerId,
      dbsCertificateNumber: '001234567890',
      rightToWorkShareCode: 'W1234567X',
      rightToWorkDocumentId: null,
      references: REFERENCES,
    });
    const docs = await documentRows(person.user.id);
    expect(docs.map((d) => d.contentType).sort()).toEqual(['application/pdf', 'image/jpeg']);
    for (const doc of docs) {
      expect(doc.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.(pdf|jpg)$/);
      expect(await t.storage.get(doc.storageKey)).toBeDefined();
    }
  });

  it('needs the passport scan with the passport method, and keeps it', async () => {
    const person = await uncheckedCarer(t);
    const fields = validFields({ rightToWorkMethod: 'passport', rightToWorkShareCode: undefined });
    const missing = await submitChecks(t, person.cookie, fields);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      rightToWorkDocument: VERIFICATION_MESSAGES.passportScanRequired,
    });

    const response = await submitChecks(
      t,
      person.cookie,
      fields,
      validFiles({ rightToWorkDocument: FILES.png }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(carerVerifications)
      .where(eq(carerVerifications.carerId, person.carerId));
    expect(row?.rightToWorkDocumentId).not.toBeNull();
    expect(row?.rightToWorkShareCode).toBeNull();
    expect((await documentRows(person.user.id)).length).toBe(3);
  });

  const longAgo = '2001-12-31';
  it.each([
    ['dbsLevel', { dbsLevel: undefined }, VERIFICATION_MESSAGES.dbsLevelRequired],
    ['dbsLevel', { dbsLevel: 'Gold' }, VERIFICATION_MESSAGES.dbsLevelRequired],
    ['dbsIssueDate', { dbsIssueDate: undefined }, VERIFICATION_MESSAGES.dbsIssueDateRequired],
    ['dbsIssueDate', { dbsIssueDate: '02/03/2026' }, VERIFICATION_MESSAGES.dbsIssueDateRequired],
    ['dbsIssueDate', { dbsIssueDate: '2999-01-01' }, VERIFICATION_MESSAGES.dbsIssueDateFuture],
    ['dbsIssueDate', { dbsIssueDate: longAgo }, VERIFICATION_MESSAGES.dbsIssueDateTooOld],
    [
      'dbsCertificateNumber',
      { dbsCertificateNumber: '12345' },
      VERIFICATION_MESSAGES.dbsCertificateNumberInvalid,
    ],
    [
      'dbsCertificateNumber',
      { dbsCertificateNumber: undefined },
      VERIFICATION_MESSAGES.dbsCertificateNumberInvalid,
    ],
    ['dbsUpdateService', { dbsUpdateService: undefined }, VERIFICATION_MESSAGES.dbsUpdateServiceRequired],
    ['dbsUpdateService', { dbsUpdateService: 'maybe' }, VERIFICATION_MESSAGES.dbsUpdateServiceRequired],
    ['rightToWorkMethod', { rightToWorkMethod: undefined }, VERIFICATION_MESSAGES.rightToWorkMethodRequired],
    ['rightToWorkShareCode', { rightToWorkShareCode: 'ABC' }, VERIFICATION_MESSAGES.shareCodeInvalid],
    ['rightToWorkShareCode', { rightToWorkShareCode: undefined }, VERIFICATION_MESSAGES.shareCodeInvalid],
    ['references', { references: undefined }, VERIFICATION_MESSAGES.referencesRequired],
    ['references', { references: 'not json' }, VERIFICATION_MESSAGES.referencesRequired],
    [
      'references',
      { references: JSON.stringify(REFERENCES.slice(0, 1)) },
      VERIFICATION_MESSAGES.referencesRequired,
    ],
    [
      'references',
      { references: JSON.stringify([{ ...REFERENCES[0], name: ' ' }, REFERENCES[1]]) },
      VERIFICATION_MESSAGES.referenceNameRequired,
    ],
    [
      'references',
      { references: JSON.stringify([REFERENCES[0], { ...REFERENCES[1], relationship: '' }]) },
      VERIFICATION_MESSAGES.referenceRelationshipRequired,
    ],
    [
      'references',
      { references: JSON.stringify([REFERENCES[0], { ...REFERENCES[1], contact: '' }]) },
      VERIFICATION_MESSAGES.referenceContactRequired,
    ],
    [
      'references',
      { references: JSON.stringify([REFERENCES[0], { ...REFERENCES[1], contact: 'ring me' }]) },
      VERIFICATION_MESSAGES.referenceContactInvalid,
    ],
  ])('refuses a bad %s (%j) with its message, storing nothing', async (field, overrides, message) => {
    const person = await uncheckedCarer(t);
    const put = vi.spyOn(t.storage, 'put');
    const response = await submitChecks(t, person.cookie, validFields(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(put).not.toHaveBeenCalled();
    expect(await documentRows(person.user.id)).toEqual([]);
  });

  it('names the failing reference and its field for the form', async () => {
    const person = await uncheckedCarer(t);
    const references = JSON.stringify([REFERENCES[0], { ...REFERENCES[1], contact: 'ring me' }]);
    const response = await submitChecks(t, person.cookie, validFields({ references }));
    expect(response.json().fieldErrors['references.1.contact']).toBe(
      VERIFICATION_MESSAGES.referenceContactInvalid,
    );
  });

  it.each([
    ['dbsCertificate', VERIFICATION_MESSAGES.dbsCertificateRequired],
    ['photoId', VERIFICATION_MESSAGES.photoIdRequired],
  ] as const)('needs the %s file', async (field, message) => {
    const person = await uncheckedCarer(t);
    const response = await submitChecks(t, person.cookie, validFields(), validFiles({ [field]: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [field]: message });
  });

  it('reports every problem at once', async () => {
    const person = await uncheckedCarer(t);
    const response = await submitChecks(t, person.cookie, validFields({ dbsLevel: undefined }), []);
    expect(response.json().fieldErrors).toEqual({
      dbsLevel: VERIFICATION_MESSAGES.dbsLevelRequired,
      dbsCertificate: VERIFICATION_MESSAGES.dbsCertificateRequired,
      photoId: VERIFICATION_MESSAGES.photoIdRequired,
    });
  });

  it('refuses a file that is not a PDF or an image by its content, whatever its name, storing nothing', async () => {
    const person = await uncheckedCarer(t);
    const put = vi.spyOn(t.storage, 'put');
    for (const content of [FILES.html, Buffer.from('GIF89a......')]) {
      const response = await submitChecks(
        t,
        person.cookie,
        validFields(),
        validFiles({ dbsCertificate: content }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ dbsCertificate: VERIFICATION_MESSAGES.documentType });
    }
    expect(put).not.toHaveBeenCalled();
    expect(await documentRows(person.user.id)).toEqual([]);
  });

  it('accepts PDF, JPEG, PNG and WebP', async () => {
    for (const content of [FILES.pdf, FILES.jpeg, FILES.png, FILES.webp]) {
      const person = await uncheckedCarer(t);
      const response = await submitChecks(t, person.cookie, validFields(), validFiles({ photoId: content }));
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('refuses a document over the size limit, storing nothing', async () => {
    const person = await uncheckedCarer(t);
    const put = vi.spyOn(t.storage, 'put');
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20)]);
    const response = await submitChecks(t, person.cookie, validFields(), validFiles({ photoId: big }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual({ photoId: VERIFICATION_MESSAGES.documentTooLarge });
    expect(put).not.toHaveBeenCalled();
    expect(await documentRows(person.user.id)).toEqual([]);
  });

  it('keeps one submission pending at a time', async () => {
    const person = await uncheckedCarer(t);
    await submitValidChecks(t, person.cookie);
    const second = await submitChecks(t, person.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(VERIFICATION_MESSAGES.alreadyPending);
    expect((await documentRows(person.user.id)).length).toBe(2);
  });

  it('deletes the stored files again when storing or recording fails', async () => {
    const person = await uncheckedCarer(t);
    const deleted = vi.spyOn(t.storage, 'delete');
    // The second file cannot be stored: the first is removed again.
    const originalPut = t.storage.put.bind(t.storage);
    let calls = 0;
    const put = vi.spyOn(t.storage, 'put').mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      return originalPut(...args);
    });
    expect((await submitChecks(t, person.cookie)).statusCode).toBe(500);
    expect(deleted).toHaveBeenCalledTimes(1);
    put.mockRestore();

    // The transaction fails after both files are stored: both are removed, no row remains.
    vi.spyOn(t.database.db, 'transaction').mockRejectedValueOnce(new Error('connection lost'));
    deleted.mockClear();
    expect((await submitChecks(t, person.cookie)).statusCode).toBe(500);
    expect(deleted).toHaveBeenCalledTimes(2);
    for (const [key] of deleted.mock.calls) expect(await t.storage.get(key)).toBeUndefined();
    expect(await documentRows(person.user.id)).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(carerVerifications)
        .where(eq(carerVerifications.carerId, person.carerId)),
    ).toEqual([]);
  });
});

describe('the admin queue and the decision', () => {
  let grace: Carer;
  let pending: OwnVerification;

  beforeAll(async () => {
    grace = await uncheckedCarer(t, { firstName: 'Grace', lastName: 'Queue' });
    pending = await submitValidChecks(t, grace.cookie);
  });

  it.each([
    ['a visitor', 401, (): Person | null => null],
    ['a customer', 403, (): Person | null => subscriber],
    ['a carer', 403, (): Person | null => grace],
  ] as const)('answers %s with %i on every admin verification route', async (_who, status, whoOf) => {
    const who = whoOf();
    expect((await adminGet('/api/admin/verifications', who)).statusCode).toBe(status);
    expect((await adminGet(`/api/admin/verifications/${pending.id}`, who)).statusCode).toBe(status);
    expect((await approve(pending.id, who)).statusCode).toBe(status);
    expect((await reject(pending.id, 'Blurred', who)).statusCode).toBe(status);
  });

  it('lists pending submissions oldest first with the carer, references and documents', async () => {
    const response = await adminGet('/api/admin/verifications');
    expect(response.statusCode).toBe(200);
    const list = response.json<AdminVerification[]>();
    expect(list.every((item) => item.status === 'pending')).toBe(true);
    const submitted = list.map((item) => item.submittedAt);
    expect(submitted).toEqual([...submitted].sort());
    const item = list.find((entry) => entry.id === pending.id)!;
    expect(item).toMatchObject({
      carerId: grace.carerId,
      carerName: 'Grace Queue',
      carerEmail: grace.user.email,
      dbsCertificateNumber: '001234567890',
      rightToWorkShareCode: 'W1234567X',
      references: REFERENCES,
      reviewedBy: null,
    });
    expect(item.documents.map((d) => d.field).sort()).toEqual(['dbsCertificate', 'photoId']);
    for (const doc of item.documents)
      expect(doc.downloadUrl).toBe(`/api/admin/verification-documents/${doc.id}`);
    expect((await adminGet(`/api/admin/verifications/${pending.id}`)).json()).toEqual(item);
    expect((await adminGet('/api/admin/verifications/not-a-uuid')).statusCode).toBe(404);
    expect((await adminGet('/api/admin/verifications?status=approved')).json()).toEqual([]);
    expect((await adminGet('/api/admin/verifications?status=nonsense')).statusCode).toBe(400);
  });

  it('serves documents to admins only, as attachments that are never cached or sniffed', async () => {
    const [item] = (await adminGet('/api/admin/verifications'))
      .json<AdminVerification[]>()
      .filter((entry) => entry.id === pending.id);
    const dbs = item!.documents.find((d) => d.field === 'dbsCertificate')!;
    const [stored] = await t.database.db.select().from(uploads).where(eq(uploads.id, dbs.id));

    expect((await adminGet(dbs.downloadUrl, null)).statusCode).toBe(401);
    expect((await adminGet(dbs.downloadUrl, subscriber)).statusCode).toBe(403);
    // Not even the carer who sent it: documents go one way.
    expect((await adminGet(dbs.downloadUrl, grace)).statusCode).toBe(403);
    // The public uploads route serves photos only.
    const name = stored!.storageKey.slice('documents/'.length);
    for (const url of [
      `/uploads/${stored!.storageKey}`,
      `/uploads/photos/${name}`,
      `/uploads/documents/${name}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }

    const download = await adminGet(dbs.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="document-[0-9a-f-]+\.pdf"$/,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(FILES.pdf)).toBe(true);
    expect(
      (await adminGet('/api/admin/verification-documents/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('keeps the profile out of sight until the checks are approved; the carer sees their own', async () => {
    for (const who of [subscriber, undefined]) {
      const response = await profileOf(who, grace.carerId);
      expect(response.statusCode).toBe(404);
    }
    const search = await t.injectAs(subscriber.cookie, { url: '/api/carers?limit=50' });
    expect(search.json<{ items: PublicCarer[] }>().items.map((item) => item.id)).not.toContain(grace.carerId);
    const own = await t.injectAs(grace.cookie, { url: '/api/carers/my-profile' });
    expect(own.json<PublicCarer & { isListed: boolean }>()).toMatchObject({
      isVerified: false,
      isListed: false,
      checks: null,
    });
    expect((await profileOf(theAdmin, grace.carerId)).json<PublicCarer>()).toMatchObject({
      isVerified: false,
      checks: null,
    });
  });

  it('approves: the badge, the email, the audit entry; a second decision is refused', async () => {
    const response = await approve(pending.id);
    expect(response.statusCode, response.body).toBe(200);
    const decided = response.json<AdminVerification>();
    expect(decided).toMatchObject({ status: 'approved', reviewedBy: expect.stringContaining('Test') });
    expect(decided.reviewedAt).not.toBeNull();

    const [profile] = await t.database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.id, grace.carerId));
    expect(profile?.isVerified).toBe(true);
    expect((await profileOf(undefined, grace.carerId)).json<PublicCarer>().isVerified).toBe(true);

    // Not the confirmation link sent at registration.
    const email = (await t.outbox()).find(
      (e) => e.toAddress === grace.user.email && !e.bodyText.includes('/verify-email?token='),
    );
    expect(email?.subject).toMatch(/approved/i);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, pending.id));
    expect(entry).toMatchObject({
      actorId: theAdmin.user.id,
      action: 'verification.approved',
      entityType: 'verification',
      before: { status: 'pending', carerIsVerified: false },
      after: { status: 'approved', carerIsVerified: true },
    });

    for (const again of [await approve(pending.id), await reject(pending.id, 'Too late')]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(VERIFICATION_MESSAGES.notPending);
    }
    expect(
      (await t.injectAs(grace.cookie, { url: '/api/carers/my-profile/verification' })).json(),
    ).toMatchObject({
      status: 'approved',
    });
  });

  it('shows the check details to a subscribed customer, an admin and the carer; null to everyone else', async () => {
    const expected = {
      dbsLevel: 'Enhanced with Barred List',
      dbsIssuedMonth: '2026-03',
      dbsUpdateService: true,
      rightToWorkConfirmed: true,
      referencesChecked: true,
      renewalDue: false,
    };
    const seen = (await profileOf(subscriber, grace.carerId)).json<PublicCarer>();
    expect(seen.checks).toMatchObject(expected);
    expect(describeDbsCheck(seen.checks!)).toBe(
      'Enhanced DBS with Barred List · issued March 2026 · on the Update Service',
    );
    expect((await profileOf(theAdmin, grace.carerId)).json<PublicCarer>().checks).toMatchObject(expected);
    const own = await t.injectAs(grace.cookie, { url: '/api/carers/my-profile' });
    expect(own.json<PublicCarer>().checks).toMatchObject(expected);
    for (const who of [undefined, unsubscribed, expired]) {
      const response = await profileOf(who, grace.carerId);
      expect(response.json<PublicCarer>()).toMatchObject({ isVerified: true, checks: null });
    }
    // Another carer is not the carer themself.
    const other = await uncheckedCarer(t);
    expect((await profileOf(other, grace.carerId)).json<PublicCarer>().checks).toBeNull();
    // Search results never carry them.
    const search = await t.injectAs(subscriber.cookie, { url: '/api/carers?limit=50' });
    for (const item of search.json<{ items: PublicCarer[] }>().items) expect(item.checks).toBeUndefined();
  });

  it('rejects a new submission with a reason the carer sees; the earlier approval still stands', async () => {
    const second = await submitValidChecks(t, grace.cookie, validFields({ dbsIssueDate: '2026-04-01' }));
    expect((await reject(second.id, '   ')).json().fieldErrors.reason).toBe(
      VERIFICATION_MESSAGES.rejectionReasonRequired,
    );
    const response = await reject(
      second.id,
      'The DBS certificate scan is blurred; please send a sharper one.',
    );
    expect(response.statusCode, response.body).toBe(200);
    const mine = (
      await t.injectAs(grace.cookie, { url: '/api/carers/my-profile/verification' })
    ).json<OwnVerification>();
    expect(mine).toMatchObject({
      id: second.id,
      status: 'rejected',
      rejectionReason: 'The DBS certificate scan is blurred; please send a sharper one.',
    });
    const seen = (await profileOf(subscriber, grace.carerId)).json<PublicCarer>();
    expect(seen).toMatchObject({ isVerified: true, checks: { dbsIssuedMonth: '2026-03' } });
    const emails = (await t.outbox()).filter((e) => e.toAddress === grace.user.email);
    expect(emails.at(-1)?.bodyText).toContain('please send a sharper one');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, second.id));
    expect(entry).toMatchObject({ action: 'verification.rejected', after: { status: 'rejected' } });
    expect(
      (await adminGet('/api/admin/verifications?status=rejected')).json<AdminVerification[]>()[0]?.id,
    ).toBe(second.id);
    expect(
      (await adminGet('/api/admin/verifications?status=all')).json<AdminVerification[]>().length,
    ).toBeGreaterThan(2);
  });

  it('a rejected carer who was never verified stays unverified and may send again', async () => {
    const person = await uncheckedCarer(t);
    const first = await submitValidChecks(t, person.cookie);
    expect((await reject(first.id, 'Photo ID missing a page')).statusCode).toBe(200);
    expect((await profileOf(subscriber, person.carerId)).statusCode).toBe(404);
    expect((await profileOf(person, person.carerId)).json<PublicCarer>()).toMatchObject({
      isVerified: false,
      checks: null,
    });
    expect((await submitChecks(t, person.cookie)).statusCode).toBe(201);
  });

  it('decides two approvals at once: one succeeds, one is refused', async () => {
    const person = await uncheckedCarer(t);
    const submission = await submitValidChecks(t, person.cookie);
    const statuses = (await Promise.all([approve(submission.id), approve(submission.id)])).map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, submission.id));
    expect(entries).toHaveLength(1);
  });
});

describe('approving checks that came with no documents (issue 21 point 6)', () => {
  const approveWith = (id: string, payload?: object) =>
    t.injectAs(theAdmin.cookie, {
      method: 'POST',
      url: `/api/admin/verifications/${id}/approve`,
      ...(payload ? { payload } : {}),
    });

  /** A pending submission whose document rows are gone (as the demo's, seeded without files). */
  async function withoutDocuments(firstName: string) {
    const person = await uncheckedCarer(t, { firstName, lastName: 'Nodocs' });
    const submitted = await submitValidChecks(t, person.cookie);
    await t.database.db.delete(uploads).where(eq(uploads.ownerId, person.user.id));
    const view = (await adminGet(`/api/admin/verifications/${submitted.id}`)).json<AdminVerification>();
    expect(view.documents).toEqual([]);
    return { person, submitted };
  }

  const isVerified = async (carerId: string) =>
    (await t.database.db.select().from(carerProfiles).where(eq(carerProfiles.id, carerId)))[0]?.isVerified;

  it('refuses with a 400 naming the reason field when no reason is given, and changes nothing', async () => {
    const { person, submitted } = await withoutDocuments('Nadia');
    for (const payload of [undefined, {}, { reason: '' }, { reason: '   ' }]) {
      const response = await approveWith(submitted.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        message: VERIFICATION_MESSAGES.approvalReasonRequired,
        fieldErrors: { reason: VERIFICATION_MESSAGES.approvalReasonRequired },
      });
    }
    expect(await isVerified(person.carerId)).toBe(false);
    expect(
      (await adminGet(`/api/admin/verifications/${submitted.id}`)).json<AdminVerification>().status,
    ).toBe('pending');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, submitted.id));
    expect(entries).toEqual([]);
  });

  it('approves with a written reason, kept in the audit entry', async () => {
    const { person, submitted } = await withoutDocuments('Oliver');
    const reason = 'Saw the DBS certificate and passport in person at the Leeds office on 3 March.';
    const response = await approveWith(submitted.id, { reason: `  ${reason}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminVerification>().status).toBe('approved');
    expect(await isVerified(person.carerId)).toBe(true);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, submitted.id));
    expect(entry).toMatchObject({
      action: 'verification.approved',
      after: { status: 'approved', documents: 0, approvalReason: reason },
    });
  });

  it('still approves checks with documents without a reason, and keeps one when given', async () => {
    const person = await uncheckedCarer(t, { firstName: 'Petra', lastName: 'Withdocs' });
    const submitted = await submitValidChecks(t, person.cookie);
    const response = await approveWith(submitted.id, { reason: 'Documents match the details.' });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, submitted.id));
    expect(entry?.after).toMatchObject({ documents: 2, approvalReason: 'Documents match the details.' });
  });

  it('refuses a reason over 1,000 characters', async () => {
    const { submitted } = await withoutDocuments('Quentin');
    const response = await approveWith(submitted.id, { reason: 'x'.repeat(1001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      reason: VERIFICATION_MESSAGES.approvalReasonTooLong,
    });
  });
});

describe('renewal due', () => {
  it('is due for a certificate over 3 years old not on the Update Service, to the carer and the admin', async () => {
    const old = await uncheckedCarer(t);
    const submitted = await submitValidChecks(
      t,
      old.cookie,
      validFields({ dbsIssueDate: '2022-01-10', dbsUpdateService: 'false' }),
    );
    expect(submitted.renewalDue).toBe(true);
    const item = (await adminGet(`/api/admin/verifications/${submitted.id}`)).json<AdminVerification>();
    expect(item.renewalDue).toBe(true);
    // Approved, but already past due (decision 0028): no badge, and the carer's dashboard says why.
    expect((await approve(submitted.id)).statusCode).toBe(200);
    expect((await profileOf(subscriber, old.carerId)).statusCode).toBe(404);
    const own = (
      await t.injectAs(old.cookie, { url: '/api/carers/my-profile/compliance' })
    ).json<OwnCompliance>();
    expect(own.lapses).toEqual([
      expect.objectContaining({
        check: 'dbs',
        dueOn: '2025-01-10',
        reason: COMPLIANCE_MESSAGES.lapseReasons.dbs,
      }),
    ]);

    const onService = await uncheckedCarer(t);
    const fine = await submitValidChecks(t, onService.cookie, validFields({ dbsIssueDate: '2022-01-10' }));
    expect(fine.renewalDue).toBe(false);
  });
});

describe('the demo data', () => {
  it('gives the demo carer approved checks a subscriber sees, and leaves one submission in the queue', async () => {
    await seedDemoData(t.database.db);
    await seedDemoData(t.database.db); // idempotent
    const signIn = async (email: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      return { cookie: sessionCookieFrom(t.config, response) } as Person;
    };
    const subscribed = await signIn(DEMO_ACCOUNTS.subscribed.email);
    const demoCarer = await signIn(DEMO_ACCOUNTS.carer.email);
    const own = (await t.injectAs(demoCarer.cookie, { url: '/api/carers/my-profile' })).json<PublicCarer>();
    const seen = (await profileOf(subscribed, own.id)).json<PublicCarer>();
    expect(seen.isVerified).toBe(true);
    expect(describeDbsCheck(seen.checks!)).toBe(
      'Enhanced DBS with Barred List · issued March 2026 · on the Update Service',
    );
    expect((await profileOf(null, own.id)).json<PublicCarer>().checks).toBeNull();
    const demoAdmin = await signIn(DEMO_ACCOUNTS.admin.email);
    const queue = (await adminGet('/api/admin/verifications', demoAdmin)).json<AdminVerification[]>();
    const waiting = queue.filter((item) => item.carerEmail === DEMO_PENDING_VERIFICATION_EMAIL);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: 'pending', renewalDue: true, documents: [] });
  });
});

describe('paging and search of the queue (issue 21 point 11)', () => {
  const page = async (query: string) => {
    const response = await adminGet(`/api/admin/verifications${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return {
      items: response.json<AdminVerification[]>(),
      total: Number(response.headers['x-total-count']),
      next: response.headers['x-next-cursor'] as string | undefined,
      link: response.headers.link as string | undefined,
    };
  };
  const everyPage = async (query: string) => {
    const pages = [await page(query)];
    while (pages.at(-1)!.next) pages.push(await page(`${query}&cursor=${pages.at(-1)!.next}`));
    return pages;
  };
  const ids = (found: { items: AdminVerification[] }) => found.items.map((item) => item.id);

  it('pages pending oldest first and every state newest first, tied times neither skipped nor repeated', async () => {
    const tag = `Checktag${Date.now().toString(36)}`;
    const carers: Carer[] = [];
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const person = await uncheckedCarer(t, { firstName: tag, lastName: `Number${index}` });
      carers.push(person);
      made.push((await submitValidChecks(t, person.cookie)).id);
    }
    // The same instant for three of them: the id breaks the tie.
    await t.database.db
      .update(carerVerifications)
      .set({ submittedAt: new Date('2026-06-01T09:00:00.123Z') })
      .where(inArray(carerVerifications.id, made.slice(1, 4)));

    for (const status of ['pending', 'all']) {
      const pages = await everyPage(`?status=${status}&q=${tag.toUpperCase()}&limit=2`);
      expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
      expect(pages.every((p) => p.total === 5)).toBe(true);
      const listed = pages.flatMap(ids);
      expect(listed).toHaveLength(5);
      expect(new Set(listed)).toEqual(new Set(made));
      const order = pages.flatMap((p) => p.items.map((item) => `${item.submittedAt} ${item.id}`));
      const sorted = [...order].sort();
      expect(order).toEqual(status === 'pending' ? sorted : sorted.reverse());
      const link = /^<([^>]+)>; rel="next"$/.exec(pages[0]!.link ?? '')?.[1] ?? '';
      const next = new URL(link, 'http://localhost');
      expect(next.pathname).toBe('/api/admin/verifications');
      expect(Object.fromEntries(next.searchParams)).toEqual({
        status,
        q: tag.toUpperCase(),
        cursor: pages[0]!.next,
        limit: '2',
      });
      expect(pages.at(-1)!.next).toBeUndefined();
    }

    // By the carer's name across first and last, and by part of the account's email, any case.
    expect(ids(await page(`?q=${encodeURIComponent(`${tag.toLowerCase()} number3`)}`))).toEqual([made[3]]);
    const email = carers[0]!.user.email;
    expect(ids(await page(`?q=${encodeURIComponent(email.slice(0, -4).toUpperCase())}`))).toEqual([made[0]]);

    // A decided submission leaves the pending queue and is found under its state.
    expect((await approve(made[0]!)).statusCode).toBe(200);
    expect((await page(`?q=${tag}`)).total).toBe(4);
    expect(ids(await page(`?status=approved&q=${tag}`))).toEqual([made[0]]);

    // Without paging parameters: the first page of the array, with the total.
    const plain = await page('');
    expect(plain.items.length).toBeLessThanOrEqual(50);
    expect(plain.total).toBeGreaterThanOrEqual(4);
  });

  it('takes search text literally: LIKE wildcards and SQL match nothing, and change nothing', async () => {
    for (const q of ['%', '_', '\\', "'; drop table carer_verifications; --", "x' or '1'='1"]) {
      const found = await page(`?status=all&q=${encodeURIComponent(q)}`);
      expect(found.items, q).toEqual([]);
      expect(found.total).toBe(0);
    }
    expect((await page('?status=all')).total).toBeGreaterThan(0);
  });

  it.each([
    'cursor=not-a-cursor',
    `cursor=${Buffer.from('["2026-01-01T00:00:00Z","1 or 1=1"]').toString('base64url')}`,
    'limit=0',
    'limit=201',
    `q=${'x'.repeat(101)}`,
  ])('answers ?%s with 400', async (query) => {
    const response = await adminGet(`/api/admin/verifications?${query}`);
    expect(response.statusCode).toBe(400);
    if (query.startsWith('cursor')) expect(response.json().fieldErrors).toHaveProperty('cursor');
  });
});
