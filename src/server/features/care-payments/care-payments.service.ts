import type { FastifyBaseLogger } from 'fastify';
import {
  CARE_PAYMENT_MESSAGES,
  DEMO_AUTHENTICATION_CARD,
  type CardPaymentsAccount,
  type CardSetupFinish,
  type CarerCardPayment,
  type DemoCardPaymentInput,
  type InvoiceCardPayment,
  type SavedCardState,
} from '@contracts/care-payments';
import { paths } from '@contracts/paths';
import type { Database, Executor } from '../../db/client';
import type { CarePaymentAttemptRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import { checkDemoCard, demoPaymentMethodId, type DemoProvider } from '../../platform/payments/demo-provider';
import {
  connectedAccountStatus,
  type PaymentProvider,
  type StartedInvoiceCharge,
} from '../../platform/payments/payment-provider';
import { createAccountsStore } from '../auth';
import { authenticationNeededEmail, carerPaidEmail, familyReceiptEmail } from './care-payment-emails';
import { createCarePaymentsRepository, type CarePaymentsRepository } from './care-payments.repository';
import { feePercent, platformFeePence } from './fees';
import type { InvoiceLedger, PayableInvoice } from './invoice-ledger';

/** How long a demo payout takes to reach the carer's bank (Stripe's UK standard is a few days). */
export const DEMO_PAYOUT_DELAY_MS = 24 * 3_600_000;
/** The demo provider pays each payment out on its own; Stripe's payouts group a day's payments. */
const demoPayoutRef = (attemptId: string) => `demo_po_${attemptId}`;

export interface CarePaymentsDeps {
  db: Database;
  provider: PaymentProvider;
  demo: DemoProvider | undefined;
  ledger: InvoiceLedger;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  feeBasisPoints: number;
  now?: () => Date;
}

/**
 * Paying carers by card (decision 0039). The carer onboards once to a connected account; a family
 * pays an invoice as a direct charge on it, with CareMatch's fee as an application fee. One live
 * attempt per invoice (a unique index) and an idempotency key made from that attempt give one
 * charge whatever the clicks and tabs. A success, however it is heard (the provider's answer, a
 * webhook, the demo form), is applied once by `settleSucceeded`.
 */
export function createCarePaymentsService(deps: CarePaymentsDeps) {
  const { db, provider, demo, ledger, mailer, log, publicUrl, feeBasisPoints } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createCarePaymentsRepository(db);
  const providerName = provider.name;

  function requireCarer(user: UserRow) {
    if (user.role !== 'carer') throw AppError.forbidden(CARE_PAYMENT_MESSAGES.carersOnly);
  }
  function requireFamily(user: UserRow) {
    if (user.role !== 'customer') throw AppError.forbidden(CARE_PAYMENT_MESSAGES.familiesOnly);
  }

  async function accountView(userId: string): Promise<CardPaymentsAccount> {
    const row = await repository.accountOfUser(userId);
    return {
      status: row ? (row.status as CardPaymentsAccount['status']) : 'not_started',
      chargesEnabled: row?.chargesEnabled ?? false,
      payoutsEnabled: row?.payoutsEnabled ?? false,
      requirementsDue: row?.requirementsDue ?? [],
      feePercent: feePercent(feeBasisPoints),
      provider: providerName,
    };
  }

  /** The success of an attempt, applied once in `tx`: the invoice paid, both told, a demo payout. */
  async function settleSucceeded(tx: Executor, attempt: CarePaymentAttemptRow, at: Date): Promise<boolean> {
    const repo = createCarePaymentsRepository(tx);
    const paid = await repo.markSucceeded(attempt.id, at);
    if (!paid) return false;
    await ledger.recordInvoicePaid(tx, paid.invoiceId, {
      method: 'card',
      reference: paid.providerReference ?? paid.id,
      paidAt: at,
    });
    // Refunds or a lost dispute heard before the success itself (events in any order).
    const lost = await repo.lostInDisputes(paid.id);
    if (paid.refundedPence > 0 || lost > 0) {
      await ledger.recordInvoiceRefunded(tx, paid.invoiceId, {
        paidPence: paid.amountPence,
        refundedPence: paid.refundedPence,
        chargedBackPence: lost,
        at,
      });
    }
    const accounts = createAccountsStore(tx);
    const invoiceNumber = paid.invoiceNumber;
    const family = paid.payerId ? await accounts.findById(paid.payerId) : undefined;
    const carer = paid.carerId ? await accounts.findById(paid.carerId) : undefined;
    const summary = { invoiceNumber, amountPence: paid.amountPence, feePence: paid.feePence };
    if (family)
      await mailer.enqueue(tx, familyReceiptEmail(family, { ...summary, invoiceId: paid.invoiceId }));
    if (carer) await mailer.enqueue(tx, carerPaidEmail(carer, summary));
    if (paid.provider === 'demo') {
      // Stripe pays out on its own schedule and says so by webhook; the demo pays a day later.
      await repo.insertPayout({
        carerId: paid.carerId,
        provider: 'demo',
        accountId: paid.accountId,
        payoutRef: demoPayoutRef(paid.id),
        amountPence: paid.amountPence - paid.feePence,
        status: 'in_transit',
        arrivalDate: new Date(at.getTime() + DEMO_PAYOUT_DELAY_MS),
      });
    }
    return true;
  }

  async function savedCardView(userId: string): Promise<SavedCardState> {
    const card = await repository.savedCard(userId);
    return {
      card: card?.paymentMethodId && card.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null,
      autoPay: Boolean(card?.paymentMethodId && card.autoPay),
    };
  }

  async function paymentView(
    invoice: PayableInvoice,
    payer: UserRow,
    attempt?: CarePaymentAttemptRow,
  ): Promise<InvoiceCardPayment> {
    const live = attempt ?? (await repository.liveAttempt(invoice.id));
    const latest = live ?? (await repository.latestAttempt(invoice.id));
    const account = await repository.accountOfUser(invoice.carerUserId);
    const card = await repository.savedCard(payer.id);
    const paid = invoice.status === 'paid' || live?.status === 'succeeded';
    const state: InvoiceCardPayment['state'] = paid
      ? 'paid'
      : live?.status === 'processing'
        ? 'processing'
        : live?.status === 'requires_payment' && live.clientSecret
          ? 'requires_payment'
          : 'unpaid';
    return {
      invoiceId: invoice.id,
      number: invoice.number,
      totalPence: invoice.totalPence,
      state,
      provider: providerName,
      publishableKey: provider.publishableKey,
      stripeAccount: providerName === 'stripe' ? (account?.accountId ?? null) : null,
      clientSecret: state === 'requires_payment' ? (live?.clientSecret ?? null) : null,
      failureMessage: state === 'paid' ? null : (latest?.failureMessage ?? null),
      savedCard:
        card?.paymentMethodId && card.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null,
    };
  }

  /** The carer's account if it can take cards; 409 otherwise (the family pays by bank transfer). */
  async function readyAccountOf(invoice: PayableInvoice) {
    const account = await repository.accountOfUser(invoice.carerUserId);
    if (!account || account.status !== 'ready' || account.provider !== providerName) {
      throw AppError.conflict(CARE_PAYMENT_MESSAGES.notReady);
    }
    return account;
  }

  /**
   * The invoice's live attempt, made now when there is none. Parallel callers race on the unique
   * index: one inserts, the others find its row, and all ask the provider with the same
   * idempotency key, so there is one PaymentIntent.
   */
  async function liveAttemptFor(
    invoice: PayableInvoice,
    payer: UserRow,
    accountId: string,
    offSession: boolean,
  ): Promise<{ attempt: CarePaymentAttemptRow; created: boolean }> {
    const existing = await repository.liveAttempt(invoice.id);
    if (existing) return { attempt: existing, created: false };
    const inserted = await repository.insertAttempt({
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      payerId: payer.id,
      carerId: invoice.carerUserId,
      familyId: invoice.familyUserId,
      provider: providerName,
      accountId,
      amountPence: invoice.totalPence,
      feePence: platformFeePence(invoice.totalPence, feeBasisPoints),
      offSession,
    });
    if (inserted) return { attempt: inserted, created: true };
    const raced = await repository.liveAttempt(invoice.id);
    if (!raced) throw AppError.conflict(CARE_PAYMENT_MESSAGES.processing);
    return { attempt: raced, created: false };
  }

  async function payableInvoice(invoiceId: string, payerId: string): Promise<PayableInvoice> {
    const invoice = await ledger.invoiceForPayment(db, invoiceId, payerId);
    if (!Number.isSafeInteger(invoice.totalPence) || invoice.totalPence <= 0) {
      throw AppError.conflict('This invoice has nothing to pay.');
    }
    return invoice;
  }

  /** What the provider answered for an attempt, recorded; a synchronous success is settled here. */
  async function recordCharge(attempt: CarePaymentAttemptRow, started: StartedInvoiceCharge) {
    await repository.recordStarted(attempt.id, {
      providerReference: started.providerReference,
      clientSecret: started.clientSecret,
      status: started.status === 'processing' ? 'processing' : 'requires_payment',
    });
    if (started.failure) {
      await repository.recordFailure(attempt.id, started.failure.code, started.failure.message);
    }
    if (started.status === 'succeeded') {
      const fresh = (await repository.attemptById(attempt.id)) ?? attempt;
      if (await db.transaction((tx) => settleSucceeded(tx, fresh, now()))) mailer.dispatchSoon();
    }
  }

  async function chargeSavedCard(invoice: PayableInvoice, payer: UserRow): Promise<InvoiceCardPayment> {
    const card = await repository.savedCard(payer.id);
    if (!card?.paymentMethodId || card.provider !== providerName) {
      throw AppError.conflict(CARE_PAYMENT_MESSAGES.noSavedCard);
    }
    const account = await readyAccountOf(invoice);
    const { attempt, created } = await liveAttemptFor(invoice, payer, account.accountId, true);
    if (attempt.status === 'succeeded') return paymentView(invoice, payer, attempt);
    // Another payment of this invoice is already under way (the pay page, another click).
    if (!created || !attempt.offSession) throw AppError.conflict(CARE_PAYMENT_MESSAGES.processing);
    const started = await provider.connect.chargeInvoice({
      attemptId: attempt.id,
      invoiceId: invoice.id,
      accountId: account.accountId,
      amountPence: attempt.amountPence,
      feePence: attempt.feePence,
      description: `Invoice ${invoice.number}`,
      offSession: { customerId: card.customerId ?? '', paymentMethodId: card.paymentMethodId },
    });
    await recordCharge(attempt, started);
    if (started.failure?.code === 'authentication_required') {
      const family = await createAccountsStore(db).findById(payer.id);
      if (family) {
        await mailer.enqueue(db, authenticationNeededEmail(family, invoice, publicUrl));
        mailer.dispatchSoon();
      }
    }
    log.info(
      { invoice: invoice.id, attempt: attempt.id, status: started.status, failure: started.failure?.code },
      'saved card charged off-session',
    );
    return paymentView(invoice, payer);
  }

  return {
    repository,
    settleSucceeded,

    // ── the carer's account ──────────────────────────────────────────────────────────────────
    async account(user: UserRow): Promise<CardPaymentsAccount> {
      requireCarer(user);
      return accountView(user.id);
    },

    /** The connected account (made once) and a fresh hosted onboarding address. */
    async startOnboarding(user: UserRow): Promise<{ url: string }> {
      requireCarer(user);
      let account = await repository.accountOfUser(user.id);
      if (!account) {
        const { accountId } = await provider.connect.createConnectedAccount({
          userId: user.id,
          email: user.email,
        });
        await repository.insertAccount({ userId: user.id, provider: providerName, accountId });
        account = await repository.accountOfUser(user.id);
      }
      if (!account) throw new Error('the connected account was not stored');
      const back = `${publicUrl}${paths.carerDashboard}`;
      const url = await provider.connect.onboardingLink({
        accountId: account.accountId,
        refreshUrl: `${back}?card-payments=again`,
        returnUrl: `${back}?card-payments=back`,
      });
      return { url };
    },

    /** Demo mode: the demo onboarding page's "Finish": the account can take cards and pay out. */
    async finishDemoOnboarding(user: UserRow): Promise<CardPaymentsAccount> {
      requireCarer(user);
      if (!demo) throw AppError.notFound();
      const account = await repository.accountOfUser(user.id);
      if (!account) throw AppError.conflict('Start from "Get paid by card" on your dashboard.');
      const state = {
        accountId: account.accountId,
        chargesEnabled: true,
        payoutsEnabled: true,
        detailsSubmitted: true,
        requirementsDue: [],
      };
      await repository.applyAccountState(providerName, state, connectedAccountStatus(state), now());
      return accountView(user.id);
    },

    // ── paying an invoice ────────────────────────────────────────────────────────────────────
    async paymentState(user: UserRow, invoiceId: string): Promise<InvoiceCardPayment> {
      const invoice = await payableInvoice(invoiceId, user.id);
      return paymentView(invoice, user);
    },

    /** Starts paying with the Payment Element, or answers the payment already started. */
    async startPayment(user: UserRow, invoiceId: string): Promise<InvoiceCardPayment> {
      const invoice = await payableInvoice(invoiceId, user.id);
      const live = await repository.liveAttempt(invoice.id);
      if (invoice.status === 'paid' || live?.status === 'succeeded') return paymentView(invoice, user, live);
      if (live?.clientSecret) return paymentView(invoice, user, live);
      const account = await readyAccountOf(invoice);
      const { attempt } = await liveAttemptFor(invoice, user, account.accountId, false);
      if (attempt.clientSecret || attempt.status === 'succeeded') return paymentView(invoice, user, attempt);
      const started = await provider.connect.chargeInvoice({
        attemptId: attempt.id,
        invoiceId: invoice.id,
        accountId: attempt.accountId,
        amountPence: attempt.amountPence,
        feePence: attempt.feePence,
        description: `Invoice ${invoice.number}`,
      });
      await recordCharge(attempt, started);
      return paymentView(invoice, user);
    },

    async payWithSavedCard(user: UserRow, invoiceId: string): Promise<InvoiceCardPayment> {
      const invoice = await payableInvoice(invoiceId, user.id);
      const live = await repository.liveAttempt(invoice.id);
      if (invoice.status === 'paid' || live?.status === 'succeeded') return paymentView(invoice, user, live);
      return chargeSavedCard(invoice, user);
    },

    /**
     * An approved invoice paid with the family's saved card, when they asked for that (the
     * invoicing feature calls it on approval). Answers whether a charge was made or started.
     */
    async payApprovedInvoice(invoiceId: string, familyUserId: string): Promise<InvoiceCardPayment | null> {
      const card = await repository.savedCard(familyUserId);
      if (!card?.autoPay || !card.paymentMethodId) return null;
      const family = await createAccountsStore(db).findById(familyUserId);
      if (!family) return null;
      const invoice = await payableInvoice(invoiceId, familyUserId);
      const live = await repository.liveAttempt(invoice.id);
      if (invoice.status === 'paid' || live) return paymentView(invoice, family, live);
      const account = await repository.accountOfUser(invoice.carerUserId);
      if (account?.status !== 'ready') return null;
      return chargeSavedCard(invoice, family);
    },

    /** Demo mode: the demo card form confirms the attempt its client secret names. */
    async confirmDemo(user: UserRow, input: DemoCardPaymentInput): Promise<InvoiceCardPayment> {
      if (!demo) throw AppError.notFound();
      const attemptId = demo.attemptIdFromClientSecret(input.clientSecret);
      const attempt = attemptId ? await repository.attemptById(attemptId) : undefined;
      if (!attempt) throw AppError.notFound(CARE_PAYMENT_MESSAGES.unknownPayment);
      // Only someone who may pay the invoice confirms its payment.
      const invoice = await payableInvoice(attempt.invoiceId, user.id);
      if (attempt.status === 'succeeded') return paymentView(invoice, user, attempt);
      if (attempt.status !== 'requires_payment') throw AppError.conflict(CARE_PAYMENT_MESSAGES.processing);
      const outcome = checkDemoCard(input, now());
      if (outcome.status === 'declined') {
        await repository.recordFailure(attempt.id, 'card_declined', outcome.message);
        throw new AppError(402, outcome.message);
      }
      if (await db.transaction((tx) => settleSucceeded(tx, attempt, now()))) mailer.dispatchSoon();
      return paymentView(invoice, user);
    },

    // ── the family's saved card ──────────────────────────────────────────────────────────────
    async savedCard(user: UserRow): Promise<SavedCardState> {
      requireFamily(user);
      return savedCardView(user.id);
    },

    /** Saving a card on the platform's customer (Stripe: a SetupIntent the Payment Element confirms). */
    async startCardSetup(user: UserRow) {
      requireFamily(user);
      const customerId = await provider.ensureCustomer({
        userId: user.id,
        email: user.email,
        name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email,
        stripeCustomerId: user.stripeCustomerId ?? (await repository.savedCard(user.id))?.customerId ?? null,
      });
      await repository.upsertSavedCard(user.id, { provider: providerName, customerId });
      const { clientSecret } = await provider.connect.startCardSetup({ userId: user.id, customerId });
      return { clientSecret, provider: providerName, publishableKey: provider.publishableKey };
    },

    /** The card a finished setup saved, checked with the provider (demo: the card typed in). */
    async finishCardSetup(user: UserRow, input: CardSetupFinish): Promise<SavedCardState> {
      requireFamily(user);
      const row = await repository.savedCard(user.id);
      let saved: { paymentMethodId: string; brand: string; last4: string } | null;
      if (demo) {
        if (demo.userIdFromSetupSecret(input.clientSecret) !== user.id) {
          throw AppError.conflict(CARE_PAYMENT_MESSAGES.setupUnfinished);
        }
        const card = { cardNumber: input.cardNumber ?? '', expiry: input.expiry ?? '', cvc: input.cvc ?? '' };
        const outcome = checkDemoCard({ clientSecret: input.clientSecret, ...card }, now());
        if (outcome.status === 'declined') throw new AppError(402, outcome.message);
        const digits = card.cardNumber.replace(/\D/g, '');
        const last4 = digits.slice(-4);
        const authentication = digits === DEMO_AUTHENTICATION_CARD.replace(/\D/g, '');
        saved = { paymentMethodId: demoPaymentMethodId(last4, authentication), brand: 'visa', last4 };
      } else {
        saved = await provider.connect.finishedCardSetup({
          clientSecret: input.clientSecret,
          customerId: row?.customerId ?? null,
        });
      }
      if (!saved) throw AppError.conflict(CARE_PAYMENT_MESSAGES.setupUnfinished);
      await repository.upsertSavedCard(user.id, {
        provider: providerName,
        paymentMethodId: saved.paymentMethodId,
        brand: saved.brand,
        last4: saved.last4,
        autoPay: input.autoPay,
      });
      return savedCardView(user.id);
    },

    async setAutoPay(user: UserRow, enabled: boolean): Promise<SavedCardState> {
      requireFamily(user);
      const card = await repository.savedCard(user.id);
      if (!card?.paymentMethodId) throw AppError.conflict(CARE_PAYMENT_MESSAGES.noSavedCard);
      await repository.upsertSavedCard(user.id, { provider: card.provider, autoPay: enabled });
      return savedCardView(user.id);
    },

    /** The carer's card payments: the fee, what went back (refunds, lost disputes) and the payout. */
    async carerPayments(user: UserRow): Promise<CarerCardPayment[]> {
      requireCarer(user);
      const attempts = await repository.succeededAttemptsOf(user.id);
      const disputes = await repository.disputesOfAttempts(attempts.map((attempt) => attempt.id));
      const payouts = await repository.payoutsByRef(
        'demo',
        attempts.filter((attempt) => attempt.provider === 'demo').map((attempt) => demoPayoutRef(attempt.id)),
      );
      return attempts.map((attempt) => {
        const own = disputes.filter((dispute) => dispute.attemptId === attempt.id);
        const lost = own
          .filter((dispute) => dispute.status === 'lost')
          .reduce((sum, dispute) => sum + dispute.amountPence, 0);
        const payout = payouts.find((row) => row.payoutRef === demoPayoutRef(attempt.id));
        return {
          invoiceId: attempt.invoiceId,
          invoiceNumber: attempt.invoiceNumber,
          amountPence: attempt.amountPence,
          feePence: attempt.feePence,
          refundedPence: attempt.refundedPence,
          lostInDisputePence: lost,
          disputed: own.some((dispute) => !dispute.closedAt),
          keptPence: Math.max(0, attempt.amountPence - attempt.feePence - attempt.refundedPence - lost),
          paidAt: (attempt.succeededAt ?? attempt.updatedAt).toISOString(),
          payout: payout
            ? {
                status: payout.status as 'in_transit' | 'paid' | 'failed',
                amountPence: payout.amountPence,
                arrivalDate: payout.arrivalDate.toISOString(),
              }
            : null,
        };
      });
    },

    // ── housekeeping ─────────────────────────────────────────────────────────────────────────
    /** Demo payouts reach the carer's bank a day after the payment. */
    async arriveDemoPayouts(at: Date = now()): Promise<number> {
      return demo ? repository.arriveDuePayouts('demo', at) : 0;
    },
  };
}
export type CarePaymentsService = ReturnType<typeof createCarePaymentsService>;
export type { CarePaymentsRepository };
