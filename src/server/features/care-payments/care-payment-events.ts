import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { CarePaymentAttemptRow } from '../../db/schema';
import type { Mailer } from '../../platform/mailer';
import {
  connectedAccountStatus,
  type CarePaymentEvent,
  type CarePaymentEventEnvelope,
} from '../../platform/payments/payment-provider';
import { createAccountsStore } from '../auth';
import { createPaymentEventsStore } from '../subscriptions';
import { disputeEmail } from './care-payment-emails';
import { createCarePaymentsRepository, type CarePaymentsRepository } from './care-payments.repository';
import type { InvoiceLedger } from './invoice-ledger';

/** Disputes closed in the payment's favour: the invoice is released. */
const DISPUTE_RELEASED = new Set(['won', 'warning_closed', 'prevented']);

/**
 * Events of carers' connected accounts, each applied once in one transaction: recorded first in
 * `payment_events` (the subscriptions' record of applied events, shared), so a redelivery changes
 * nothing. Order does not matter: an account keeps its newest description; a payment once
 * succeeded stays succeeded; refunds keep the largest total; a dispute's close is final, and an
 * open heard after its close changes nothing.
 */
export function createCarePaymentEventHandler({
  db,
  ledger,
  mailer,
  log,
  settleSucceeded,
  now = () => new Date(),
}: {
  db: Database;
  ledger: InvoiceLedger;
  mailer: Mailer;
  log: FastifyBaseLogger;
  settleSucceeded: (tx: Executor, attempt: CarePaymentAttemptRow, at: Date) => Promise<boolean>;
  now?: () => Date;
}) {
  /** The attempt an event is about, on the account that sent it (another account's event is ignored). */
  async function attemptFor(
    repository: CarePaymentsRepository,
    envelope: CarePaymentEventEnvelope,
    paymentRef: string,
    attemptId?: string,
  ): Promise<CarePaymentAttemptRow | undefined> {
    let attempt = await repository.attemptByReference(envelope.provider, paymentRef);
    if (!attempt && attemptId && /^[0-9a-f-]{36}$/.test(attemptId)) {
      // The event came before our own answer from the provider was stored.
      const byId = await repository.attemptById(attemptId);
      if (byId && !byId.providerReference) {
        await repository.claimReference(byId.id, paymentRef);
        attempt = { ...byId, providerReference: paymentRef };
      }
    }
    if (attempt && attempt.accountId !== envelope.accountId) {
      log.warn(
        { attempt: attempt.id, account: envelope.accountId },
        'care payment event from another account: ignored',
      );
      return undefined;
    }
    return attempt;
  }

  /** Tells the invoice what of this payment went back to the family so far (refunds, lost disputes). */
  async function reportReturned(tx: Executor, attempt: CarePaymentAttemptRow, at: Date): Promise<void> {
    const repository = createCarePaymentsRepository(tx);
    const current = await repository.attemptById(attempt.id);
    if (!current || current.status !== 'succeeded') return; // the success applies it when it comes
    await ledger.recordInvoiceRefunded(tx, current.invoiceId, {
      paidPence: current.amountPence,
      refundedPence: current.refundedPence,
      chargedBackPence: await repository.lostInDisputes(current.id),
      at,
    });
  }

  async function tellBoth(
    tx: Executor,
    attempt: CarePaymentAttemptRow,
    dispute: { amountPence: number; status: string; closed: boolean },
  ): Promise<number> {
    const accounts = createAccountsStore(tx);
    const { invoiceNumber } = attempt;
    let sent = 0;
    for (const [id, side] of [
      [attempt.familyId, 'family'],
      [attempt.carerId, 'carer'],
    ] as const) {
      const person = id ? await accounts.findById(id) : undefined;
      if (!person) continue;
      await mailer.enqueue(tx, disputeEmail(person, side, { invoiceNumber, ...dispute }));
      sent += 1;
    }
    return sent;
  }

  async function applyInTransaction(
    tx: Executor,
    envelope: CarePaymentEventEnvelope,
    event: CarePaymentEvent,
  ): Promise<number> {
    const repository = createCarePaymentsRepository(tx);
    const at = now();
    switch (event.type) {
      case 'account.updated': {
        const updated = await repository.applyAccountState(
          envelope.provider,
          { ...event.state, accountId: envelope.accountId },
          connectedAccountStatus(event.state),
          envelope.occurredAt,
        );
        if (!updated) log.info({ account: envelope.accountId }, 'older or unknown account update: ignored');
        return 0;
      }
      case 'charge.succeeded': {
        const attempt = await attemptFor(repository, envelope, event.paymentRef, event.attemptId);
        if (!attempt) return 0;
        return (await settleSucceeded(tx, attempt, at)) ? 2 : 0;
      }
      case 'charge.failed': {
        const attempt = await attemptFor(repository, envelope, event.paymentRef, event.attemptId);
        if (attempt) await repository.recordFailure(attempt.id, event.code ?? null, event.message);
        return 0;
      }
      case 'charge.refunded': {
        const attempt = await attemptFor(repository, envelope, event.paymentRef);
        if (!attempt) return 0;
        const before = attempt.refundedPence;
        const after = await repository.recordRefunded(attempt.id, event.refundedPence);
        if (after && after.refundedPence !== before) {
          log.warn(
            { attempt: attempt.id, invoice: attempt.invoiceId, refundedPence: after.refundedPence },
            'card payment to a carer refunded (in Stripe)',
          );
          await reportReturned(tx, after, at);
        }
        return 0;
      }
      case 'dispute.opened':
      case 'dispute.closed': {
        const attempt = await attemptFor(repository, envelope, event.paymentRef);
        if (!attempt) return 0;
        const closed = event.type === 'dispute.closed';
        const existing = await repository.disputeByRef(envelope.provider, event.disputeRef);
        if (existing?.closedAt) return 0; // final
        if (existing && !closed) return 0; // heard before
        if (!existing) {
          await repository.insertDispute({
            attemptId: attempt.id,
            invoiceId: attempt.invoiceId,
            provider: envelope.provider,
            disputeRef: event.disputeRef,
            amountPence: event.amountPence,
            reason: event.reason,
            status: event.status,
            openedAt: envelope.occurredAt,
            closedAt: closed ? envelope.occurredAt : null,
            lastEventAt: envelope.occurredAt,
          });
        } else {
          await repository.updateDispute(existing.id, {
            status: event.status,
            closedAt: envelope.occurredAt,
            lastEventAt: envelope.occurredAt,
          });
        }
        const released = closed && DISPUTE_RELEASED.has(event.status);
        // Held from the dispute's opening; a close in the payment's favour releases it. A close
        // heard first (its open never came) holds it only when the money went back.
        if (!closed || (!existing && !released)) await ledger.freezeInvoice(tx, attempt.invoiceId);
        if (released && existing) await ledger.unfreezeInvoice(tx, attempt.invoiceId);
        // A lost dispute's money went back to the family: the invoice is refunded (and stays held).
        if (closed && event.status === 'lost') await reportReturned(tx, attempt, at);
        log.warn(
          { dispute: event.disputeRef, invoice: attempt.invoiceId, status: event.status, held: !released },
          closed ? 'card dispute closed' : 'card dispute opened: invoice held',
        );
        return tellBoth(tx, attempt, { amountPence: event.amountPence, status: event.status, closed });
      }
      case 'payout.paid':
      case 'payout.failed': {
        const account = await repository.accountById(envelope.provider, envelope.accountId);
        await repository.upsertPayout({
          carerId: account?.userId ?? null,
          provider: envelope.provider,
          accountId: envelope.accountId,
          payoutRef: event.payoutRef,
          amountPence: event.amountPence,
          status: event.type === 'payout.paid' ? 'paid' : 'failed',
          arrivalDate: event.arrivalDate,
          failureMessage: event.message ?? null,
          lastEventAt: envelope.occurredAt,
        });
        return 0;
      }
    }
  }

  return {
    /** Applies one Connect event exactly once; false when it had been applied before. */
    async apply(envelope: CarePaymentEventEnvelope): Promise<boolean> {
      const emails = await db.transaction(async (tx) => {
        const fresh = await createPaymentEventsStore(tx).recordEvent(
          envelope.provider,
          envelope.eventId,
          envelope.event.type,
        );
        if (!fresh) return undefined;
        return applyInTransaction(tx, envelope, envelope.event);
      });
      if (emails) mailer.dispatchSoon();
      return emails !== undefined;
    },
  };
}
export type CarePaymentEventHandler = ReturnType<typeof createCarePaymentEventHandler>;
