import { describe, expect, it } from 'vitest';
import { DEMO_CARDS, SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import { loadConfig } from '../../src/server/config';
import { addCalendarMonths } from '../../src/server/platform/calendar';
import { hasActiveSubscription } from '../../src/server/features/subscriptions/subscription-access';
import { checkDemoCard, createDemoProvider } from '../../src/server/platform/payments/demo-provider';

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

describe('STRIPE_* configuration', () => {
  it('uses the demo provider when none is set, Stripe when all three are', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig(stripeEnv).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
    });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, /set all three or none/],
    [{ ...stripeEnv, STRIPE_WEBHOOK_SECRET: '' }, /set all three or none/],
    [{ ...stripeEnv, STRIPE_SECRET_KEY: 'pk_test_abc' }, /STRIPE_SECRET_KEY: must be a Stripe secret key/],
    [
      { ...stripeEnv, STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' },
      /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
    ],
    [
      { ...stripeEnv, STRIPE_WEBHOOK_SECRET: 'secret' },
      /STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/,
    ],
    [{ ...stripeEnv, STRIPE_SECRET_KEY: 'sk_live_abc' }, /both test keys or both live keys/],
  ])('stops the start on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('addCalendarMonths', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', 3, '2026-04-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-11-30T23:30:00.000Z', 3, '2027-02-28T23:30:00.000Z'],
    ['2026-08-31T00:00:00.000Z', 12, '2027-08-31T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addCalendarMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});

describe('hasActiveSubscription (the one access rule)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['active, expiry ahead', 'active', '2026-11-23T00:00:00Z', true],
    ['active, expiry passed', 'active', '2026-11-22T11:59:59Z', false],
    ['active, no expiry', 'active', null, true],
    ['inactive', 'inactive', '2027-01-01T00:00:00Z', false],
    ['nothing', null, null, false],
  ])('%s → %s', (_name, status, expires, expected) => {
    expect(
      hasActiveSubscription(
        { subscriptionStatus: status, subscriptionExpiresAt: expires ? new Date(expires) : null },
        now,
      ),
    ).toBe(expected);
  });
});

describe('the demo provider', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const card = (cardNumber: string, expiry = '11/26', cvc = '123') => ({
    clientSecret: 'x',
    cardNumber,
    expiry,
    cvc,
  });

  it('answers like Stripe test cards', () => {
    expect(checkDemoCard(card(DEMO_CARDS.success), now)).toEqual({ status: 'succeeded' });
    expect(checkDemoCard(card(DEMO_CARDS.declined), now)).toEqual({
      status: 'declined',
      message: SUBSCRIPTION_MESSAGES.cardDeclined,
    });
    expect(checkDemoCard(card(DEMO_CARDS.insufficientFunds), now)).toEqual({
      status: 'declined',
      message: SUBSCRIPTION_MESSAGES.insufficientFunds,
    });
    expect(checkDemoCard(card('378282246310005', '11 / 26', '1234'), now)).toEqual({ status: 'succeeded' });
  });

  it('treats a card as valid to the end of its expiry month', () => {
    expect(checkDemoCard(card(DEMO_CARDS.success, '11/26'), now).status).toBe('succeeded');
    expect(() => checkDemoCard(card(DEMO_CARDS.success, '10/26'), now)).toThrow(
      SUBSCRIPTION_MESSAGES.expiryInvalid,
    );
  });

  it('reports every bad field at once', () => {
    try {
      checkDemoCard(card('1234', '99/99', 'x'), now);
      expect.unreachable();
    } catch (error) {
      expect((error as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
        cardNumber: SUBSCRIPTION_MESSAGES.cardNumberInvalid,
        expiry: SUBSCRIPTION_MESSAGES.expiryInvalid,
        cvc: SUBSCRIPTION_MESSAGES.cvcInvalid,
      });
    }
  });

  it('recognises only client secrets it issued', async () => {
    const provider = createDemoProvider({ secret: 'one-secret-of-at-least-thirty-two-chars' });
    const other = createDemoProvider({ secret: 'another-secret-of-at-least-thirty-two' });
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const { clientSecret } = await provider.startOneTimePayment({
      paymentId: id,
      plan: 'annual',
      amountPence: 10000,
      description: 'x',
      customerId: null,
      userId: 'u',
    });
    expect(provider.paymentIdFromClientSecret(clientSecret)).toBe(id);
    expect(other.paymentIdFromClientSecret(clientSecret)).toBeNull();
    expect(
      provider.paymentIdFromClientSecret(clientSecret.replace(id, '1f8fad5b-d9cb-469f-a165-70867728950e')),
    ).toBeNull();
    expect(provider.paymentIdFromClientSecret('pi_123_secret_abc')).toBeNull();
  });
});
