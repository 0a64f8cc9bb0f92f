import type { FastifyInstance } from 'fastify';
import { SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import { requireUser, SIGNED_IN, onlyRoles } from '../../platform/sessions/session.plugin';
import type { CarerMembershipService } from './carer-membership.service';
import type { SubscriptionEndingService } from './subscription-ending.service';
import type { SubscriptionsService } from './subscriptions.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

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
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(
    app,
    endpoints.subscriptions.getPaymentsConfig,
    {
      schema: {
        tags: ['payments'],
        summary: 'Which payment form to show: the demo card form or Stripe (with its publishable key)',
      },
    },
    async () => subscriptions.paymentsConfig(),
  );

  defineRoute(
    app,
    endpoints.subscriptions.postCreateSubscription,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary: '3-Month Access (£49, customers): starts the payment, answers the payment form’s secret',
        description:
          'No body, or `{extend: true}`: during access that still runs, paying for more time must say so (409 otherwise).',
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await subscriptions.startThreeMonth(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.subscriptions.getPlans,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary: 'The three family plans as you could buy them now: the end date paying gives, or why not',
      },
    },
    async (request, reply) => reply.headers(noStore).send(await subscriptions.plans(requireUser(request))),
  );

  defineRoute(
    app,
    endpoints.subscriptions.postSubscribe,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary:
          'Monthly (£10 a month) or Annual (£100): starts the payment; access follows its confirmation',
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await subscriptions.subscribe(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.subscriptions.getStatus,
    {
      config: SIGNED_IN,
      schema: { tags: ['payments'], summary: 'Your plan: active or not, type, expiry, renewal' },
    },
    async (request, reply) => reply.headers(noStore).send(await subscriptions.status(requireUser(request))),
  );

  defineRoute(
    app,
    endpoints.subscriptions.postCancel,
    {
      config: onlyRoles(['customer'], SUBSCRIPTION_MESSAGES.onlyCustomers),
      schema: {
        tags: ['payments'],
        summary:
          'Cancel your plan: a Monthly plan stops at the end of the period paid for; a one-time plan in its first 14 days ends now, refunded for the unused days',
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
    app,
    endpoints.subscriptions.getCancelLink,
    {
      schema: {
        tags: ['payments'],
        summary: 'The plan an emailed cancel link would cancel (changes nothing)',
      },
    },
    async (request, reply) => reply.headers(noStore).send(await ending.describeLink(request.query.token)),
  );

  defineRoute(
    app,
    endpoints.subscriptions.postCancelLink,
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancel the plan an emailed link names, at the end of the period paid for (no sign-in)',
      },
    },
    async (request, reply) => reply.headers(noStore).send(await ending.cancelByLink(request.body.token)),
  );

  defineRoute(
    app,
    endpoints.subscriptions.getPayments,
    {
      config: SIGNED_IN,
      schema: { tags: ['payments'], summary: 'Your payments, newest first' },
    },
    async (request, reply) => reply.headers(noStore).send(await subscriptions.history(requireUser(request))),
  );

  if (demoMode) {
    defineRoute(
      app,
      endpoints.subscriptions.postPaymentsDemoConfirm,
      {
        config: SIGNED_IN,
        schema: {
          tags: ['payments'],
          summary: 'Demo mode only: pay a payment with a test card (no card is charged)',
        },
      },
      async (request, reply) =>
        reply
          .headers(noStore)
          .send(await subscriptions.confirmDemoPayment(requireUser(request), request.body)),
    );
  }

  defineRoute(
    app,
    endpoints.subscriptions.getCarerMembership,
    {
      config: onlyRoles(['carer'], SUBSCRIPTION_MESSAGES.onlyCarers),
      schema: {
        tags: ['payments'],
        summary: 'Your carer membership: listing, next payment, payments (carers with a profile)',
      },
    },
    async (request, reply) => reply.headers(noStore).send(await membership.get(requireUser(request))),
  );

  defineRoute(
    app,
    endpoints.subscriptions.postCarerMembership,
    {
      config: onlyRoles(['carer'], SUBSCRIPTION_MESSAGES.onlyCarers),
      schema: {
        tags: ['payments'],
        summary: 'Start the carer membership (£29 a month): answers the payment form’s secret',
        description:
          'No body, or `{extend: true}`: while a paid period still runs, starting a new one must say so (409 otherwise).',
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await membership.start(requireUser(request), request.body)),
  );

  defineRoute(
    app,
    endpoints.subscriptions.postCarerMembershipCancel,
    {
      config: onlyRoles(['carer'], SUBSCRIPTION_MESSAGES.onlyCarers),
      schema: {
        tags: ['payments'],
        summary: 'Cancel the carer membership at the end of the period paid for',
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await membership.cancel(requireUser(request), ending.cancelMembership)),
  );
}
