import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { CARE_PAYMENT_MESSAGES } from '@contracts/care-payments';
import { CSV_TYPE, sendAttachment } from '../../platform/attachment';
import { defineRoute } from '../../platform/define-route';
import { onlyRoles, requireRole, requireUser, SIGNED_IN } from '../../platform/sessions/session.plugin';
import type { CarePaymentsService } from './care-payments.service';
import type { CarePaymentsAdmin } from './payment-records';

/**
 * Paying carers by card (decision 0039): the carer's account and onboarding (carers), paying an
 * invoice (whoever the invoice's rules let pay it), the family's saved card (families), the demo
 * provider's stand-ins for Stripe's pages, and the admins' list of disputes.
 */
export function registerCarePaymentsRoutes(
  app: FastifyInstance,
  {
    carePayments,
    admin,
    demoMode,
  }: { carePayments: CarePaymentsService; admin: CarePaymentsAdmin; demoMode: boolean },
) {
  const tags = ['care-payments'];
  const carers = onlyRoles(['carer'], CARE_PAYMENT_MESSAGES.carersOnly);
  const families = onlyRoles(['customer'], CARE_PAYMENT_MESSAGES.familiesOnly);

  defineRoute(
    app,
    endpoints.carePayments.getCarePaymentsAccount,
    {
      config: carers,
      schema: { tags, summary: "The carer's card payments account: needs details, pending or ready" },
    },
    async (request) => carePayments.account(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.carePayments.postCarePaymentsAccountOnboarding,
    {
      config: { ...carers, keepsAccount: true },
      schema: { tags, summary: "Onboarding to take card payments: the provider's hosted page (single use)" },
    },
    async (request) => carePayments.startOnboarding(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.carePayments.getCarePaymentsPayments,
    {
      config: carers,
      schema: { tags, summary: "The carer's card payments: fee, refunds, disputes and payout" },
    },
    async (request) => carePayments.carerPayments(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.carePayments.getInvoicesByIdCardPayment,
    {
      config: SIGNED_IN,
      schema: { tags, summary: 'Paying an invoice by card: its state and the payment in progress' },
    },
    async (request) => carePayments.paymentState(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.carePayments.postInvoicesByIdCardPayment,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: { tags, summary: 'Start paying an invoice by card (or answer the payment already started)' },
    },
    async (request) => carePayments.startPayment(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.carePayments.postInvoicesByIdCardPaymentSavedCard,
    {
      config: { ...SIGNED_IN, keepsAccount: true },
      schema: { tags, summary: 'Pay an invoice with the saved card now' },
    },
    async (request) => carePayments.payWithSavedCard(requireUser(request), request.params.id),
  );

  defineRoute(
    app,
    endpoints.carePayments.getCarePaymentsSavedCard,
    {
      config: families,
      schema: { tags, summary: "The family's saved card and whether it pays approved invoices" },
    },
    async (request) => carePayments.savedCard(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.carePayments.postCarePaymentsSavedCard,
    {
      config: { ...families, keepsAccount: true },
      schema: { tags, summary: 'Start saving a card for paying carers (a setup the payment form confirms)' },
    },
    async (request) => carePayments.startCardSetup(requireUser(request)),
  );

  defineRoute(
    app,
    endpoints.carePayments.postCarePaymentsSavedCardFinish,
    {
      config: { ...families, keepsAccount: true },
      schema: {
        tags,
        summary: 'Keep the card a finished setup saved, and whether it pays approved invoices',
      },
    },
    async (request) => carePayments.finishCardSetup(requireUser(request), request.body),
  );

  defineRoute(
    app,
    endpoints.carePayments.putCarePaymentsAutoPay,
    {
      config: { ...families, keepsAccount: true },
      schema: { tags, summary: 'Pay each approved invoice with the saved card, or stop' },
    },
    async (request) => carePayments.setAutoPay(requireUser(request), request.body.enabled),
  );

  defineRoute(
    app,
    endpoints.carePayments.getAdminCarePaymentsDisputes,
    {
      schema: {
        tags: ['admin'],
        summary: 'Card disputes on payments to carers: not yet handled first, then newest first',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return admin.disputes();
    },
  );

  defineRoute(
    app,
    endpoints.records.postAdminCarePaymentsDisputesByIdHandled,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Mark a closed card dispute handled, saying what was done (audited; releases a held invoice)',
      },
    },
    async (request) =>
      admin.markHandled(requireRole(request, 'admin'), request.params.id, request.body, request.ip),
  );

  defineRoute(
    app,
    endpoints.records.getAdminCarePaymentsOverview,
    {
      schema: {
        tags: ['admin'],
        summary: "A month's card payments to carers, platform fees, refunds and payouts, with totals",
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return admin.overview(request.query.month);
    },
  );

  defineRoute(
    app,
    endpoints.records.getAdminCarePaymentsOverviewCsv,
    { schema: { tags: ['admin'], summary: "The month's card payments and payouts as CSV" } },
    async (request, reply) => {
      requireRole(request, 'admin');
      return sendAttachment(reply, {
        type: CSV_TYPE,
        filename: `carematch-payments-${request.query.month}.csv`,
        body: await admin.overviewCsv(request.query.month),
      });
    },
  );

  if (demoMode) {
    defineRoute(
      app,
      endpoints.carePayments.postCarePaymentsDemoOnboarding,
      {
        config: { ...carers, keepsAccount: true },
        schema: { tags, summary: 'Demo mode only: finish the demo onboarding (the account is ready)' },
      },
      async (request) => carePayments.finishDemoOnboarding(requireUser(request)),
    );

    defineRoute(
      app,
      endpoints.carePayments.postCarePaymentsDemoConfirm,
      {
        config: { ...SIGNED_IN, keepsAccount: true },
        schema: { tags, summary: 'Demo mode only: pay an invoice with a test card (no card is charged)' },
      },
      async (request) => carePayments.confirmDemo(requireUser(request), request.body),
    );
  }
}
