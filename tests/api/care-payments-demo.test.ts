import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_AUTHENTICATION_CARD,
  type CardPaymentsAccount,
  type InvoiceCardPayment,
} from '@contracts/care-payments';
import { DEMO_CARDS } from '@contracts/subscriptions';
import { DEMO_PAYOUT_DELAY_MS } from '../../src/server/features/care-payments/care-payments.service';
import { attemptsOf, createTestLedger, emailsTo, payoutsOf } from '../support/care-payments';
import { demoCard } from '../support/payments';
import { createTestApp, type TestApp } from '../support/test-app';

// The demo provider imitates Connect end to end (decision 0039): a demo onboarding page makes the
// carer's account ready, the demo card form pays, the fee is kept, and the payout arrives a day later.

let t: TestApp;
const invoices = createTestLedger();

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '2.5' }, undefined, { invoiceLedger: invoices.ledger });
});
afterAll(() => t.close());

async function readyDemoCarer() {
  const carer = await t.register({ userType: 'carer' });
  const link = await t.injectAs(carer.cookie, {
    method: 'POST',
    url: '/api/care-payments/account/onboarding',
  });
  expect(link.statusCode, link.body).toBe(200);
  expect(link.json<{ url: string }>().url).toMatch(/\/care-payments\/demo-onboarding$/);
  const finished = await t.injectAs(carer.cookie, {
    method: 'POST',
    url: '/api/care-payments/demo/onboarding',
  });
  expect(finished.statusCode, finished.body).toBe(200);
  return { ...carer, account: finished.json<CardPaymentsAccount>() };
}

const confirm = (cookie: string, clientSecret: string, card = demoCard()) =>
  t.injectAs(cookie, {
    method: 'POST',
    url: '/api/care-payments/demo/confirm',
    payload: { clientSecret, ...card },
  });

describe('demo mode: the whole journey on a fresh machine', () => {
  it('onboards through the demo page: needs details, then ready', async () => {
    const carer = await t.register({ userType: 'carer' });
    const before = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/care-payments/demo/onboarding',
    });
    expect(before.statusCode).toBe(409);
    await t.injectAs(carer.cookie, { method: 'POST', url: '/api/care-payments/account/onboarding' });
    const status = await t.injectAs(carer.cookie, { url: '/api/care-payments/account' });
    expect(status.json<CardPaymentsAccount>()).toMatchObject({
      status: 'needs_details',
      provider: 'demo',
      feePercent: 2.5,
    });
    const ready = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/care-payments/demo/onboarding',
    });
    expect(ready.json<CardPaymentsAccount>()).toMatchObject({
      status: 'ready',
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  });

  it('pays by card with the fee, and pays the carer out a day later', async () => {
    const carer = await readyDemoCarer();
    const family = await t.register();
    const invoice = invoices.add(carer.user.id, family.user.id, 10_050);
    const started = await t.injectAs(family.cookie, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/card-payment`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const payment = started.json<InvoiceCardPayment>();
    expect(payment).toMatchObject({ state: 'requires_payment', provider: 'demo', stripeAccount: null });

    // Someone else holding the secret cannot confirm it.
    const stranger = await t.register();
    expect((await confirm(stranger.cookie, payment.clientSecret!)).statusCode).toBe(404);
    const declined = await confirm(family.cookie, payment.clientSecret!, demoCard(DEMO_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    const afterDecline = await t.injectAs(family.cookie, { url: `/api/invoices/${invoice.id}/card-payment` });
    expect(afterDecline.json<InvoiceCardPayment>()).toMatchObject({
      state: 'requires_payment',
      failureMessage: expect.stringContaining('declined'),
    });

    const paid = await confirm(family.cookie, payment.clientSecret!);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<InvoiceCardPayment>().state).toBe('paid');
    expect(invoices.invoices.get(invoice.id)!.status).toBe('paid');
    // 2.5% of £100.50 is 251.25p: 251p to CareMatch, the rest to the carer.
    const [attempt] = await attemptsOf(t, invoice.id);
    expect(attempt).toMatchObject({ feePence: 251, status: 'succeeded' });
    const [payout] = await payoutsOf(t, carer.user.id);
    expect(payout).toMatchObject({ amountPence: 10_050 - 251, status: 'in_transit' });
    // Confirming again changes nothing.
    expect((await confirm(family.cookie, payment.clientSecret!)).json<InvoiceCardPayment>().state).toBe(
      'paid',
    );
    expect(await payoutsOf(t, carer.user.id)).toHaveLength(1);

    const service = t.app.carePayments.service;
    await service.arriveDemoPayouts(new Date(payout!.arrivalDate.getTime() - 60_000));
    expect((await payoutsOf(t, carer.user.id))[0]!.status).toBe('in_transit');
    expect(payout!.arrivalDate.getTime() - payout!.createdAt.getTime()).toBeGreaterThanOrEqual(
      DEMO_PAYOUT_DELAY_MS - 60_000,
    );
    await service.arriveDemoPayouts(new Date(payout!.arrivalDate.getTime() + 1));
    expect((await payoutsOf(t, carer.user.id))[0]!.status).toBe('paid');
  });

  it('saves a demo card that pays approved invoices, and asks for authentication with the 3184 card', async () => {
    const carer = await readyDemoCarer();
    const family = await t.register();
    const save = async (cardNumber: string) => {
      const setup = await t.injectAs(family.cookie, { method: 'POST', url: '/api/care-payments/saved-card' });
      expect(setup.statusCode, setup.body).toBe(200);
      const { clientSecret } = setup.json<{ clientSecret: string }>();
      const saved = await t.injectAs(family.cookie, {
        method: 'POST',
        url: '/api/care-payments/saved-card/finish',
        payload: { clientSecret, autoPay: true, ...demoCard(cardNumber) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await save(DEMO_CARDS.success);
    const first = invoices.add(carer.user.id, family.user.id, 2_000);
    expect(await t.app.carePayments.service.payApprovedInvoice(first.id, family.user.id)).toMatchObject({
      state: 'paid',
    });

    await save(DEMO_AUTHENTICATION_CARD);
    const second = invoices.add(carer.user.id, family.user.id, 3_000);
    const needsYou = await t.app.carePayments.service.payApprovedInvoice(second.id, family.user.id);
    expect(needsYou).toMatchObject({ state: 'requires_payment' });
    expect(invoices.invoices.get(second.id)!.status).toBe('sent');
    const email = (await emailsTo(t, family.user.email)).find((row) => row.subject.includes(second.number))!;
    expect(email.bodyText).toContain(`/invoices/${second.id}/pay`);
    // Finished on the pay page with the same payment.
    const finished = await confirm(
      family.cookie,
      needsYou!.clientSecret!,
      demoCard(DEMO_AUTHENTICATION_CARD),
    );
    expect(finished.json<InvoiceCardPayment>().state).toBe('paid');

    // Auto-pay off: an approved invoice waits for the family.
    const off = await t.injectAs(family.cookie, {
      method: 'PUT',
      url: '/api/care-payments/auto-pay',
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ autoPay: false });
    const third = invoices.add(carer.user.id, family.user.id, 1_000);
    expect(await t.app.carePayments.service.payApprovedInvoice(third.id, family.user.id)).toBeNull();
  });
});
