import type { FastifyInstance } from 'fastify';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import type { AppConfig } from '../../config';
import {
  clearSessionCookie,
  onlyRoles,
  requireUser,
  SIGNED_IN,
} from '../../platform/sessions/session.plugin';
import type { AccountDeletion } from './account-deletion';
import type { DataExportService } from './data-export.service';
import { endpoints } from '@contracts/api';
import { sendAttachment } from '../../platform/attachment';
import { defineRoute } from '../../platform/define-route';

interface PrivacyRouteDeps {
  config: AppConfig;
  dataExport: DataExportService;
  accountDeletion: AccountDeletion;
}

/** "Download my data" and "Delete my account" (decision 0011). */
export function registerPrivacyRoutes(
  app: FastifyInstance,
  { config, dataExport, accountDeletion }: PrivacyRouteDeps,
) {
  // POST, not GET: making the ZIP spends one of the account's exports an hour, and a GET can be
  // started by another site (a link or an image: SameSite=Lax cookies go along with a top-level
  // GET). As a POST it passes the cross-site guard (Sec-Fetch-Site, Origin) first.
  defineRoute(
    app,
    endpoints.privacy.postSettingsExport,
    {
      config: SIGNED_IN,
      schema: {
        tags: ['settings'],
        summary: 'Download my data: a ZIP of every personal record (JSON and CSV) and uploaded file',
      },
    },
    async (request, reply) => {
      const { filename, zip } = await dataExport.export(requireUser(request));
      return sendAttachment(reply.header('x-content-type-options', 'nosniff'), {
        type: 'application/zip',
        filename,
        body: zip,
      });
    },
  );

  defineRoute(
    app,
    endpoints.privacy.getSettingsAccountDeletion,
    {
      config: onlyRoles(['customer', 'carer'], SETTINGS_MESSAGES.adminCannotSelfDelete),
      schema: {
        tags: ['settings'],
        summary:
          'What deleting my account would do to my care arrangements (shown in the delete dialog before I confirm)',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accountDeletion.preview(requireUser(request));
    },
  );

  defineRoute(
    app,
    endpoints.privacy.deleteSettingsAccount,
    {
      // Signed out is 401, an admin 403, before the body is looked at (admins are removed by another admin).
      config: onlyRoles(['customer', 'carer'], SETTINGS_MESSAGES.adminCannotSelfDelete),
      schema: {
        tags: ['settings'],
        summary: 'Delete my account: confirmed with the password and the word DELETE',
      },
    },
    async (request, reply) => {
      await accountDeletion.deleteOwnAccount(requireUser(request), request.body);
      clearSessionCookie(reply, config);
      reply.header('cache-control', 'no-store');
      return { deleted: true as const };
    },
  );
}
