import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '@contracts/errors';
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
  SUBSCRIPTION_MESSAGES,
} from '@contracts/subscriptions';
import { requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import type { CarerMembershipService } from './carer-membership.service';
import type { SubscriptionEndingService } from './subscription-ending.service';
import type { SubscriptionsService } from './subscriptions.service';
import { endpoints } from '@contracts/endpoints';
import { defineRoute } from '../../platform/define-route';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
};

export function registerSubscriptionsRoutes(
  app: FastifyInstance,
  {
    subscriptions,
    membership,
    ending,
    demoMode,
  }: {
    subscriptions: SubscriptionsService;
    membership: CarerMembershipService;
    ending: SubscriptionEndingService;
    demoMode: boolean;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(
    api,
    endpoints.subscriptions.getPaymentsConfig,
    {
      schema: {
        tags: ['payments'],
        summary: 'Which payment form to show: the demo card form or Stripe (with its publishable key)',
        response: { 200: PaymentsConfig },
      },
    },
    async () => subscriptions.paymentsConfig(),
  );

  defineRoute(
    api,
    endpoints.subscriptions.postCreateSubscription,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary: '3-Month Access (£49, customers): starts the payment, answers the payment form’s secret',
        description:
          'No body, or `{extend: true}`: during access that still runs, paying for more time must say so (409 otherwise).',
        body: ExtendInput,
        response: { 200: CreateSubscriptionResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await subscriptions.startThreeMonth(requireUser(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.subscriptions.getPlans,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary: 'The three family plans as you could buy them now: the end date paying gives, or why not',
        response: { 200: SubscriptionPlans, ...errors },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await subscriptions.plans(requireUser(request))),
  );

  defineRoute(
    api,
    endpoints.subscriptions.postSubscribe,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary:
          'Monthly (£10 a month) or Annual (£100): starts the payment; access follows its confirmation',
        body: SubscribeInput,
        response: { 200: SubscribeResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await subscriptions.subscribe(requireUser(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.subscriptions.getStatus,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['payments'],
        summary: 'Your plan: active or not, type, expiry, renewal',
        response: { 200: SubscriptionStatus, 401: ErrorBody },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await subscriptions.status(requireUser(request))),
  );

  defineRoute(
    api,
    endpoints.subscriptions.postCancel,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary:
          'Cancel your plan: a Monthly plan stops at the end of the period paid for; a one-time plan in its first 14 days ends now, refunded for the unused days',
        response: { 200: SubscriptionStatus, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await subscriptions.cancel(requireUser(request), ending.cancelCustomerPlan)),
  );

  // The renewal reminder's link: the signed token is the only authority (no session), and only
  // the POST cancels, so a mail scanner or browser prefetching the link changes nothing.
  defineRoute(
    api,
    endpoints.subscriptions.getCancelLink,
    {
      schema: {
        tags: ['payments'],
        summary: 'The plan an emailed cancel link would cancel (changes nothing)',
        querystring: CancelLinkInput,
        response: { 200: CancelLinkDetails, 400: ErrorBody },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await ending.describeLink(request.query.token)),
  );

  defineRoute(
    api,
    endpoints.subscriptions.postCancelLink,
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancel the plan an emailed link names, at the end of the period paid for (no sign-in)',
        body: CancelLinkInput,
        response: { 200: CancelLinkDetails, 400: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await ending.cancelByLink(request.body.token)),
  );

  defineRoute(
    api,
    endpoints.subscriptions.getPayments,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['payments'],
        summary: 'Your payments, newest first',
        response: { 200: PaymentHistory, 401: ErrorBody },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await subscriptions.history(requireUser(request))),
  );

  if (demoMode) {
    defineRoute(
      api,
      endpoints.subscriptions.postPaymentsDemoConfirm,
      {
        config: SIGNED_IN,
        schema: {
          tags: ['payments'],
          summary: 'Demo mode only: pay a payment with a test card (no card is charged)',
          body: DemoCardInput,
          response: { 200: DemoConfirmResponse, 402: ErrorBody, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .headers(noStore)
          .send(await subscriptions.confirmDemoPayment(requireUser(request), request.body)),
    );
  }

  defineRoute(
    api,
    endpoints.subscriptions.getCarerMembership,
    {
      config: onlyRoles(['carer'], SUBSCRIPTION_MESSAGES.onlyCarers),
      schema: {
        tags: ['payments'],
        summary: 'Your carer membership: listing, next payment, payments (carers with a profile)',
        response: { 200: CarerMembership, ...errors },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await membership.get(requireUser(request))),
  );

  defineRoute(
    api,
    endpoints.subscriptions.postCarerMembership,
    {
      config: onlyRoles(['carer'], SUBSCRIPTION_MESSAGES.onlyCarers),
      schema: {
        tags: ['payments'],
        summary: 'Start the carer membership (£29 a month): answers the payment form’s secret',
        description:
          'No body, or `{extend: true}`: while a paid period still runs, starting a new one must say so (409 otherwise).',
        body: ExtendInput,
        response: { 200: StartMembershipResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await membership.start(requireUser(request), request.body)),
  );

  defineRoute(
    api,
    endpoints.subscriptions.postCarerMembershipCancel,
    {
      config: onlyRoles(['carer'], SUBSCRIPTION_MESSAGES.onlyCarers),
      schema: {
        tags: ['payments'],
        summary: 'Cancel the carer membership at the end of the period paid for',
        response: { 200: CarerMembership, ...errors },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await membership.cancel(requireUser(request), ending.cancelMembership)),
  );
}
