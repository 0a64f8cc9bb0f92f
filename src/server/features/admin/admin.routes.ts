import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpiryRule } from '@contracts/admin';
import type { AppConfig } from '../../config';
import { sendPagingHeaders } from '../../platform/admin-paging';
import { CSV_TYPE, sendAttachment } from '../../platform/attachment';
import { AppError } from '../../platform/errors';
import { requireRole } from '../../platform/sessions/session.plugin';
import { sendSignInOutcome } from '../auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo';
import { readCarerForm } from './admin-form';
import type { Actor, AdminService } from './admin.service';
import { endpoints } from '@contracts/api';
import { defineRoute } from '../../platform/define-route';

interface AdminRouteDeps {
  config: AppConfig;
  admin: AdminService;
}

/** The acting admin (the guard already refused everyone else; this is the second lock). */
const actorOf = (request: FastifyRequest): Actor => ({
  user: requireRole(request, 'admin'),
  ipAddress: request.ip,
});

/**
 * The admin calls of product §7 under /api/admin and /api/test, admin-only (the guard in
 * admin-guard.ts answers 401/403 before any body is read), plus the real admin sign-in.
 */
export function registerAdminRoutes(app: FastifyInstance, { config, admin }: AdminRouteDeps) {
  // ── sign-in (product.md, difference 2) ────────────────────────────────────────────────────────────────
  defineRoute(
    app,
    endpoints.admin.postLogin,
    {
      schema: { tags: ['admin'], summary: 'Sign in as an admin (username is the admin’s email)' },
    },
    async (request, reply) => {
      const outcome = await admin.login(
        request.body,
        { userAgent: request.headers['user-agent'], ipAddress: request.ip },
        request.cookies[config.session.cookieName],
      );
      return sendSignInOutcome(reply, config, outcome);
    },
  );

  defineRoute(
    app,
    endpoints.admin.getLoginHint,
    {
      schema: { tags: ['admin'], summary: 'The demo admin credentials (demo mode only; 404 in production)' },
    },
    async () => {
      if (config.mode !== 'demo') throw AppError.notFound();
      return { username: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD };
    },
  );

  // ── the landing page ─────────────────────────────────────────────────────────────────────────
  defineRoute(
    app,
    endpoints.admin.getOverview,
    {
      schema: {
        tags: ['admin'],
        summary: 'The queues’ counts and the last 12 weeks’ sign-ups, subscriptions and checks (UK weeks)',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      reply.header('cache-control', 'no-store');
      return admin.overview();
    },
  );

  // ── customers ───────────────────────────────────────────────────────────────────────────────
  for (const endpoint of [endpoints.admin.getUsers, endpoints.admin.getTestUsers]) {
    defineRoute(
      app,
      endpoint,
      {
        schema: {
          tags: ['admin'],
          summary:
            'Customer accounts, newest first or in the `sort` and `order` asked, a page at a time; `q` searches names and emails',
          description:
            'The body is the page’s array. X-Total-Count: every match; X-Next-Cursor and Link rel="next" while more follow.',
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        reply.header('cache-control', 'no-store');
        const page = await admin.listCustomers(request.query);
        sendPagingHeaders(request, reply, request.query, page);
        return page.rows;
      },
    );
  }

  defineRoute(
    app,
    endpoints.admin.getUsersCsv,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every customer account the search finds, in the table’s sort, as CSV',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      return sendAttachment(reply, {
        type: CSV_TYPE,
        filename: 'carematch-customers.csv',
        body: await admin.customersCsv(request.query),
      });
    },
  );

  defineRoute(
    app,
    endpoints.admin.putTestUsersById,
    {
      schema: { tags: ['admin'], summary: 'Edit a customer’s names and email' },
    },
    async (request) => admin.updateCustomer(actorOf(request), request.params.id, request.body),
  );

  defineRoute(
    app,
    endpoints.admin.deleteTestUsersById,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a customer account (its messages stay for the other person as "Deleted user")',
      },
    },
    async (request) => admin.deleteCustomer(actorOf(request), request.params.id),
  );

  // Subscription changes: the server computes the expiry by the route's rule (product §4, §9).
  const subscriptionRoutes: Array<{
    endpoint:
      | typeof endpoints.admin.patchUsersByUserIdSubscription
      | typeof endpoints.admin.patchTestUsersByUserIdSubscription
      | typeof endpoints.admin.putTestUsersByUserIdSubscription;
    rule: ExpiryRule;
    summary: string;
  }> = [
    {
      endpoint: endpoints.admin.patchUsersByUserIdSubscription,
      rule: 'calendar',
      summary: 'Admin dashboard: activate (one calendar month or year from now) or deactivate',
    },
    {
      endpoint: endpoints.admin.patchTestUsersByUserIdSubscription,
      rule: 'calendar',
      summary: 'Test customer page: activate (one calendar month or year from now) or deactivate',
    },
    {
      endpoint: endpoints.admin.putTestUsersByUserIdSubscription,
      rule: 'days',
      summary: 'Admin Management: activate (30 or 365 days from now) or deactivate',
    },
  ];
  for (const route of subscriptionRoutes) {
    defineRoute(
      app,
      route.endpoint,
      {
        schema: {
          tags: ['admin'],
          summary: route.summary,
          description: 'A client `expiresAt` is accepted for the spec’s payload and ignored.',
        },
      },
      async (request) =>
        admin.changeSubscription(actorOf(request), request.params.userId, request.body, route.rule),
    );
  }

  defineRoute(
    app,
    endpoints.admin.postTestCreateSampleUsers,
    {
      config: { creates: true },
      schema: {
        tags: ['admin'],
        summary: 'Create sample customer accounts (no password; they cannot sign in)',
      },
    },
    async (request, reply) => reply.status(201).send(await admin.createSampleCustomers(actorOf(request))),
  );

  // ── carers ──────────────────────────────────────────────────────────────────────────────────
  for (const endpoint of [endpoints.admin.getCarers, endpoints.admin.getTestCarers]) {
    defineRoute(
      app,
      endpoint,
      {
        schema: {
          tags: ['admin'],
          summary:
            'Every carer profile, listed or not, newest first or in the `sort` and `order` asked, a page at a time; `q` searches names and account emails',
          description:
            'The body is the page’s array. X-Total-Count: every match; X-Next-Cursor and Link rel="next" while more follow.',
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        reply.header('cache-control', 'no-store');
        const page = await admin.listCarers(request.query);
        sendPagingHeaders(request, reply, request.query, page);
        return page.rows;
      },
    );
  }

  defineRoute(
    app,
    endpoints.admin.getCarersCsv,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every carer profile the search finds, in the table’s sort, as CSV',
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      return sendAttachment(reply, {
        type: CSV_TYPE,
        filename: 'carematch-carers.csv',
        body: await admin.carersCsv(request.query),
      });
    },
  );

  defineRoute(
    app,
    endpoints.admin.postTestCarers,
    {
      config: { creates: true },
      schema: {
        tags: ['admin'],
        summary:
          'Create a carer profile without an account (multipart: fields, lists as JSON arrays, optional "photo")',
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { input, photo } = await readCarerForm(request);
      return reply.status(201).send(await admin.createCarer(actor, input, photo));
    },
  );

  defineRoute(
    app,
    endpoints.admin.putTestCarersById,
    {
      schema: {
        tags: ['admin'],
        summary: 'Update any carer profile (multipart with optional "photo", or JSON)',
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { input, photo } = await readCarerForm(request);
      return admin.updateCarer(actor, request.params.id, input, photo);
    },
  );

  defineRoute(
    app,
    endpoints.admin.deleteTestCarersById,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a carer profile with its photo and documents (the account, if any, stays)',
      },
    },
    async (request) => admin.deleteCarer(actorOf(request), request.params.id),
  );
}
