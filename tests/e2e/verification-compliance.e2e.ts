import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_MESSAGES,
  formatCheckDate,
  INSURANCE_LABELS,
} from '../../src/contracts/verification-compliance';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo-seed/seed';
import { createComplianceRepository } from '../../src/server/features/verification/compliance.repository';
import { createComplianceService } from '../../src/server/features/verification/compliance.service';
import { createDocumentStore } from '../../src/server/features/verification/document-store';
import type { Mailer } from '../../src/server/platform/mailer';
import { createMemoryStorage } from '../../src/server/platform/storage';
import { DESKTOP, expectNoAxeViolations, MOBILE, signInByCookie } from './support/browser';
import { useE2ESuite } from './support/e2e-suite';
import { approveChecksByApi, registerByApi, toastTitle } from './support/journeys';

const suite = useE2ESuite();
const open = suite.open;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 3 3]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('a compliance record that stays true', () => {
  it('shows approved insurance on the profile; past its end the carer leaves search and is told why', async () => {
    // A listed carer: checks approved (decision 0026).
    const carer = await open(DESKTOP);
    await registerByApi(carer, { firstName: 'Ffion', lastName: 'Pryce', userType: 'carer' });
    const town = `Llanidloes${Date.now()}`;
    const created = await carer.request.post('/api/carers', {
      headers: { Accept: 'application/json' },
      data: {
        specialization: 'Elderly Care',
        experience: '6-10 years',
        location: town,
        hourlyRateMin: '18.50',
        hourlyRateMax: '24',
        description:
          'Experienced carer offering calm, practical support at home for older people and their families.',
        qualifications: ['Manual Handling'],
        availability: ['Weekdays'],
      },
    });
    expect(created.status()).toBe(201);
    const { id: profileId } = (await created.json()) as { id: string };
    await approveChecksByApi(carer, suite.server().baseUrl);

    // She adds her public liability insurance from her dashboard.
    const expiresOn = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await carer.goto('/carer-dashboard');
    const card = carer.getByRole('region', { name: 'Insurance and renewals' });
    await card.getByRole('button', { name: 'Add insurance' }).click();
    await expectNoAxeViolations(carer, 'the insurance form (desktop)');
    await card.getByLabel('Insurer').fill('Hiscox');
    await card.getByLabel('Policy number').fill('PL-2288114');
    await card.getByLabel('Cover amount (£)').fill('5,000,000');
    await card.getByLabel('Policy ends on').fill(expiresOn);
    await card
      .getByLabel('Insurance certificate or schedule')
      .setInputFiles({ name: 'schedule.pdf', mimeType: 'application/pdf', buffer: PDF });
    await card.getByRole('button', { name: 'Send insurance for review' }).click();
    await toastTitle(carer, COMPLIANCE_MESSAGES.submittedToast).waitFor();
    await card.getByText('Waiting for review', { exact: true }).waitFor();

    // An admin approves it.
    const admin = await open(DESKTOP, DEMO_ACCOUNTS.admin);
    // Straight to the tab by its address (choosing a tab is admin.e2e.ts's subject, not this one's):
    // the dashboard's other panels are not drawn.
    await admin.goto('/admin-dashboard?tab=compliance');
    await admin.getByRole('tab', { name: 'Insurance and renewals', selected: true }).waitFor();
    const item = admin.getByLabel(`Ffion Pryce: ${INSURANCE_LABELS.public_liability}`);
    await item.getByText('Hiscox · policy PL-2288114 · £5,000,000 cover').waitFor();
    await expectNoAxeViolations(admin, 'the insurance and renewals tab (desktop)');
    await item.getByRole('button', { name: 'Approve Insurance' }).click();
    await toastTitle(admin, COMPLIANCE_MESSAGES.approvedToast).waitFor();

    // Everyone sees "Insured until …" on her profile.
    const insured = COMPLIANCE_MESSAGES.insuredUntil(expiresOn);
    expect(insured).toBe(`Insured until ${formatCheckDate(expiresOn)}`);
    // A visitor and a subscribed family side by side; the family in the admin's browser, signed out
    // and in again (one page fewer).
    const visitor = await open(MOBILE);
    const subscriber = admin;
    await Promise.all([
      (async () => {
        await visitor.goto(`/carers/${profileId}`);
        await visitor.getByText(insured).waitFor();
        await expectNoAxeViolations(visitor, 'a visitor’s view of the dates of a carer’s checks (mobile)');
      })(),
      (async () => {
        await subscriber.context().clearCookies();
        await signInByCookie(subscriber, DEMO_ACCOUNTS.subscribed.email, DEMO_PASSWORD);
        await subscriber.goto(`/carers/${profileId}`);
        await subscriber.getByTestId('background-checks').getByText(insured).waitFor();
        await subscriber.goto(`/carers?location=${town}`);
        await subscriber.getByRole('heading', { name: 'Ffion Pryce' }).first().waitFor();
      })(),
    ]);

    // Time moves past its end: the housekeeping run takes her out of search.
    const { db } = suite.server().database;
    const storage = createMemoryStorage();
    const lapse = createComplianceService({
      repository: createComplianceRepository(db),
      db,
      storage,
      mailer: { dispatchSoon: () => {} } as unknown as Mailer,
      publicUrl: suite.server().baseUrl,
      documents: createDocumentStore({ db, storage }),
      now: () => new Date(`${expiresOn}T12:00:00Z`),
    });
    await lapse.lapseDue();
    await suite.server().carersChanged();

    // The three browsers side by side.
    await Promise.all([
      (async () => {
        await subscriber.goto(`/carers?location=${town}`);
        await subscriber.getByText('No Carers Found').waitFor();
      })(),
      (async () => {
        await visitor.goto(`/carers/${profileId}`);
        await visitor.getByRole('heading', { name: 'Carer not found' }).waitFor();
      })(),
      (async () => {
        // Her dashboard says why.
        await carer.goto('/carer-dashboard');
        const status = carer.getByTestId('listing-status');
        await status.getByText(COMPLIANCE_MESSAGES.lapsedTitle).waitFor();
        await status.getByText(COMPLIANCE_MESSAGES.lapseReasons.public_liability).waitFor();
        expect(await carer.getByRole('main').getByText('Verified', { exact: true }).count()).toBe(0);
        await expectNoAxeViolations(carer, 'a lapsed carer’s dashboard (desktop)');
      })(),
    ]);
  });
});
