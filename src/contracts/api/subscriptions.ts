import {
  CancelLinkDetails,
  CancelLinkInput,
  CarerMembership,
  CreateSubscriptionResponse,
  DemoCardInput,
  DemoConfirmResponse,
  ExtendInput,
  PaymentHistory,
  PaymentsConfig,
  StartMembershipResponse,
  SubscribeInput,
  SubscribeResponse,
  SubscriptionPlans,
  SubscriptionStatus,
} from '../subscriptions';
import { endpoint } from './endpoint';

const errors = [400, 401, 403, 404, 409, 502] as const;

/** Families' plans, the carer membership, payments and the Stripe webhook. */
export const subscriptionsEndpoints = {
  getPaymentsConfig: endpoint({
    method: 'GET',
    path: '/api/payments/config',
    responses: { 200: PaymentsConfig },
  }),
  postCreateSubscription: endpoint({
    method: 'POST',
    path: '/api/create-subscription',
    body: ExtendInput,
    responses: { 200: CreateSubscriptionResponse },
    errors,
  }),
  getPlans: endpoint({
    method: 'GET',
    path: '/api/subscription/plans',
    responses: { 200: SubscriptionPlans },
    errors,
  }),
  postSubscribe: endpoint({
    method: 'POST',
    path: '/api/subscribe',
    body: SubscribeInput,
    responses: { 200: SubscribeResponse },
    errors,
  }),
  getStatus: endpoint({
    method: 'GET',
    path: '/api/subscription/status',
    responses: { 200: SubscriptionStatus },
    errors: [401],
  }),
  postCancel: endpoint({
    method: 'POST',
    path: '/api/subscription/cancel',
    responses: { 200: SubscriptionStatus },
    errors,
  }),
  // The renewal reminder's link: the signed token is the only authority; only the POST cancels.
  getCancelLink: endpoint({
    method: 'GET',
    path: '/api/subscription/cancel-link',
    query: CancelLinkInput,
    responses: { 200: CancelLinkDetails },
    errors: [400],
  }),
  postCancelLink: endpoint({
    method: 'POST',
    path: '/api/subscription/cancel-link',
    body: CancelLinkInput,
    responses: { 200: CancelLinkDetails },
    errors: [400, 502],
  }),
  getPayments: endpoint({
    method: 'GET',
    path: '/api/payments',
    responses: { 200: PaymentHistory },
    errors: [401],
  }),
  /** Demo mode only (402: the test card was declined). */
  postPaymentsDemoConfirm: endpoint({
    method: 'POST',
    path: '/api/payments/demo/confirm',
    body: DemoCardInput,
    responses: { 200: DemoConfirmResponse },
    errors: [...errors, 402],
  }),
  getCarerMembership: endpoint({
    method: 'GET',
    path: '/api/carer-membership',
    responses: { 200: CarerMembership },
    errors,
  }),
  postCarerMembership: endpoint({
    method: 'POST',
    path: '/api/carer-membership',
    body: ExtendInput,
    responses: { 200: StartMembershipResponse },
    errors,
  }),
  postCarerMembershipCancel: endpoint({
    method: 'POST',
    path: '/api/carer-membership/cancel',
    responses: { 200: CarerMembership },
    errors,
  }),
  /** Stripe mode only: signed events, the body read raw. */
  postWebhooksStripe: endpoint({ method: 'POST', path: '/api/webhooks/stripe' }),
};
