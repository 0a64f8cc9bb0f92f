import {
  AutoPayInput,
  CardDisputes,
  CardPaymentsAccount,
  CardSetupFinish,
  CardSetupStarted,
  CarerCardPayments,
  DemoCardPaymentInput,
  InvoiceCardPayment,
  OnboardingLink,
  SavedCardState,
} from '../care-payments';
import { endpoint, IdParams } from './endpoint';

// Paying carers by card (decision 0039): the carer's connected account and its onboarding, paying
// one invoice (the invoice's own rules say who may pay it), the family's saved card, the demo
// provider's stand-ins for Stripe's pages, Stripe's Connect webhook, and disputes for admins.
export const carePaymentsEndpoints = {
  // 403: not a carer.
  getCarePaymentsAccount: endpoint({
    method: 'GET',
    path: '/api/care-payments/account',
    responses: { 200: CardPaymentsAccount },
    errors: [401, 403],
  }),
  // Creates the carer's connected account once, then a fresh single-use onboarding address.
  postCarePaymentsAccountOnboarding: endpoint({
    method: 'POST',
    path: '/api/care-payments/account/onboarding',
    responses: { 200: OnboardingLink },
    errors: [401, 403],
  }),
  // Demo mode: the demo onboarding page finishes the carer's details (the account is ready).
  postCarePaymentsDemoOnboarding: endpoint({
    method: 'POST',
    path: '/api/care-payments/demo/onboarding',
    responses: { 200: CardPaymentsAccount },
    errors: [401, 403, 404, 409],
  }),
  // The carer's card payments received (newest first): fee, refunds, disputes, payout.
  getCarePaymentsPayments: endpoint({
    method: 'GET',
    path: '/api/care-payments/payments',
    responses: { 200: CarerCardPayments },
    errors: [401, 403],
  }),
  // 404: no such invoice for this person; 409: not payable by card now.
  getInvoicesByIdCardPayment: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/card-payment',
    params: IdParams,
    responses: { 200: InvoiceCardPayment },
    errors: [401, 403, 404, 409],
  }),
  // Starts paying (or answers the payment already started: one charge per invoice).
  postInvoicesByIdCardPayment: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/card-payment',
    params: IdParams,
    responses: { 200: InvoiceCardPayment },
    errors: [401, 403, 404, 409],
  }),
  // Charges the family's saved card now.
  postInvoicesByIdCardPaymentSavedCard: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/card-payment/saved-card',
    params: IdParams,
    responses: { 200: InvoiceCardPayment },
    errors: [401, 403, 404, 409],
  }),
  // Demo mode: the demo card form confirms a payment (Stripe's Payment Element does it otherwise).
  postCarePaymentsDemoConfirm: endpoint({
    method: 'POST',
    path: '/api/care-payments/demo/confirm',
    body: DemoCardPaymentInput,
    responses: { 200: InvoiceCardPayment },
    errors: [400, 401, 402, 404, 409],
  }),
  getCarePaymentsSavedCard: endpoint({
    method: 'GET',
    path: '/api/care-payments/saved-card',
    responses: { 200: SavedCardState },
    errors: [401, 403],
  }),
  // Starts saving a card on the platform (a SetupIntent; demo: a secret for the demo form).
  postCarePaymentsSavedCard: endpoint({
    method: 'POST',
    path: '/api/care-payments/saved-card',
    responses: { 200: CardSetupStarted },
    errors: [401, 403],
  }),
  // Records the card the setup saved (checked with the provider), and whether to pay automatically.
  postCarePaymentsSavedCardFinish: endpoint({
    method: 'POST',
    path: '/api/care-payments/saved-card/finish',
    body: CardSetupFinish,
    responses: { 200: SavedCardState },
    errors: [400, 401, 402, 403, 409],
  }),
  putCarePaymentsAutoPay: endpoint({
    method: 'PUT',
    path: '/api/care-payments/auto-pay',
    body: AutoPayInput,
    responses: { 200: SavedCardState },
    errors: [400, 401, 403, 409],
  }),
  // Stripe mode: events of connected accounts (signed with the Connect endpoint's secret).
  postWebhooksStripeConnect: endpoint({ method: 'POST', path: '/api/webhooks/stripe/connect' }),
  getAdminCarePaymentsDisputes: endpoint({
    method: 'GET',
    path: '/api/admin/care-payments/disputes',
    responses: { 200: CardDisputes },
    errors: [401, 403],
  }),
};
