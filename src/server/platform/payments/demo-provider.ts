import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEMO_CARDS, SUBSCRIPTION_MESSAGES, type DemoCardInput } from '@contracts/subscriptions';
import { AppError } from '../errors';
import { paths } from '@contracts/paths';
import type { ConnectProvider, PaymentProvider } from './payment-provider';

// The demo provider (product §10, Demo mode): no network, no card charged. A payment's client secret
// is `demo_pi_<payment id>_secret_<keyed hash>`, so only this server can have issued it, and the
// confirm call (POST /api/payments/demo/confirm) checks the card the way Stripe's test mode does.

const SECRET_PATTERN = /^demo_pi_([0-9a-f-]{36})_secret_([A-Za-z0-9_-]{22,})$/;

export type DemoProvider = PaymentProvider & {
  readonly name: 'demo';
  /** The payments row id inside a client secret this server issued; null for anything else. */
  paymentIdFromClientSecret(clientSecret: string): string | null;
  /** The card payment attempt inside a demo invoice payment's client secret; null for anything else. */
  attemptIdFromClientSecret(clientSecret: string): string | null;
  /** The account inside a demo card setup's client secret; null for anything else. */
  userIdFromSetupSecret(clientSecret: string): string | null;
};

/** A demo saved card's id: the last four digits, and whether the bank asks for authentication. */
export const demoPaymentMethodId = (last4: string, authentication: boolean) =>
  `demo_pm_${authentication ? 'auth_' : ''}${last4}`;
const asksAuthentication = (paymentMethodId: string) => paymentMethodId.startsWith('demo_pm_auth_');

const ATTEMPT_SECRET = /^demo_cpi_([0-9a-f-]{36})_secret_([A-Za-z0-9_-]{22,})$/;
const SETUP_SECRET = /^demo_seti_([0-9a-f-]{36})_secret_([A-Za-z0-9_-]{22,})$/;

export function createDemoProvider({ secret }: { secret: string }): DemoProvider {
  const key = createHmac('sha256', secret).update('carematch demo payment secrets').digest();
  const signature = (paymentId: string) =>
    createHmac('sha256', key).update(paymentId).digest('base64url').slice(0, 32);
  const clientSecretFor = (paymentId: string) => `demo_pi_${paymentId}_secret_${signature(paymentId)}`;

  /** The id inside `clientSecret` when this server signed it (for `purpose`); null otherwise. */
  const signedId = (pattern: RegExp, purpose: string, clientSecret: string): string | null => {
    const match = pattern.exec(clientSecret);
    if (!match?.[1] || !match[2]) return null;
    const expected = Buffer.from(signature(`${purpose}:${match[1]}`));
    const given = Buffer.from(match[2]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
  };

  // Connect, imitated: the account is this server's own id, onboarding is a page of this site,
  // and a saved card is charged at once (or asks for authentication, like Stripe's 3184 card).
  const connect: ConnectProvider = {
    async createConnectedAccount({ userId }) {
      return { accountId: `demo_acct_${userId}` };
    },
    async onboardingLink() {
      // A page of this same site, whatever address it is reached by.
      return paths.carePaymentsDemoOnboarding;
    },
    async chargeInvoice({ attemptId, offSession }) {
      const started = {
        providerReference: `demo_cpi_${attemptId}`,
        clientSecret: `demo_cpi_${attemptId}_secret_${signature(`attempt:${attemptId}`)}`,
      };
      if (!offSession) return { ...started, status: 'requires_payment' };
      if (asksAuthentication(offSession.paymentMethodId)) {
        return {
          ...started,
          status: 'requires_payment',
          failure: {
            code: 'authentication_required',
            message: 'Your bank asks you to confirm this payment.',
          },
        };
      }
      return { ...started, status: 'succeeded' };
    },
    async startCardSetup({ userId }) {
      return { clientSecret: `demo_seti_${userId}_secret_${signature(`setup:${userId}`)}` };
    },
    async finishedCardSetup() {
      // The demo card form is the setup: the service checks the card it was given.
      return null;
    },
  };

  return {
    name: 'demo',
    publishableKey: null,
    connect,

    attemptIdFromClientSecret: (clientSecret) => signedId(ATTEMPT_SECRET, 'attempt', clientSecret),
    userIdFromSetupSecret: (clientSecret) => signedId(SETUP_SECRET, 'setup', clientSecret),

    async ensureCustomer() {
      return null;
    },

    // Deterministic: a second call for the same payments row returns the same answer, as Stripe
    // does for a repeated idempotency key.
    async startOneTimePayment({ paymentId }) {
      return { providerReference: `demo_pi_${paymentId}`, clientSecret: clientSecretFor(paymentId) };
    },

    async startSubscription({ paymentId }) {
      return {
        providerSubscriptionId: `demo_sub_${paymentId}`,
        providerInvoiceId: `demo_in_${paymentId}`,
        clientSecret: clientSecretFor(paymentId),
        status: 'incomplete',
      };
    },

    async cancelAtPeriodEnd() {
      // Nothing to tell: the demo renewal task reads the flag from our own table.
    },

    async refundRefused() {
      // Nothing was charged. (The demo card form checks the purchase rules before it "charges", so
      // it never gets here; renewals do not go through the purchase rules.)
    },

    async refund({ paymentId }) {
      // Nothing was charged; the payments row records the refund as if it had been.
      return { refundReference: `demo_re_${paymentId}` };
    },

    async invoiceOfPayment() {
      // Demo invoices are paid by themselves: their own id is the payment's reference.
      return null;
    },

    paymentIdFromClientSecret(clientSecret) {
      const match = SECRET_PATTERN.exec(clientSecret);
      if (!match?.[1] || !match[2]) return null;
      const expected = Buffer.from(signature(match[1]));
      const given = Buffer.from(match[2]);
      return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
    },
  };
}

export type DemoCardOutcome = { status: 'succeeded' } | { status: 'declined'; message: string };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * Checks a demo card like Stripe's test mode: a well-formed card either succeeds or is declined
 * with Stripe's message; a malformed one is a 400 with a message per field.
 */
export function checkDemoCard(card: DemoCardInput, now: Date): DemoCardOutcome {
  const fieldErrors: Record<string, string> = {};
  const number = digitsOf(card.cardNumber);
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) {
    fieldErrors.cardNumber = SUBSCRIPTION_MESSAGES.cardNumberInvalid;
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  // A card is valid to the end of its expiry month.
  if (
    !expiry ||
    month < 1 ||
    month > 12 ||
    year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
  ) {
    fieldErrors.expiry = SUBSCRIPTION_MESSAGES.expiryInvalid;
  }
  if (!/^\d{3,4}$/.test(card.cvc)) fieldErrors.cvc = SUBSCRIPTION_MESSAGES.cvcInvalid;
  const first = Object.values(fieldErrors)[0];
  if (first) throw AppError.badRequest(first, fieldErrors);

  if (number === digitsOf(DEMO_CARDS.declined)) {
    return { status: 'declined', message: SUBSCRIPTION_MESSAGES.cardDeclined };
  }
  if (number === digitsOf(DEMO_CARDS.insufficientFunds)) {
    return { status: 'declined', message: SUBSCRIPTION_MESSAGES.insufficientFunds };
  }
  return { status: 'succeeded' };
}
