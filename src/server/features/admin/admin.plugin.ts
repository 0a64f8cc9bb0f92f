import { appPlugin, type AppContext } from '../../platform/app-plugin';
import { ensureAdminAccount } from './admin-accounts';
import { registerAdminGuard } from './admin-guard';
import { createAdminRepository } from './admin.repository';
import { registerAdminRoutes } from './admin.routes';
import { createAdminService } from './admin.service';

/**
 * The admin guard: /api/admin and /api/test answer 401/403 before a body is read (decision
 * 0008). Registered after the session hook and before any route, since it records every admin
 * route as it is registered (`app.adminRoutes`).
 */
export const adminGuardPlugin = appPlugin('features/admin-guard', ['platform/sessions'], async (app) => {
  registerAdminGuard(app);
});

/**
 * The admin tools. Deleting a customer cancels their recurring plans and erases the account as
 * "Delete my account" does (decision 0011): both from feature privacy, registered before.
 * ADMIN_EMAIL/ADMIN_PASSWORD: the first admin account, made at start if missing.
 */
export const adminPlugin = appPlugin<AppContext & { clock?: (() => Date) | undefined }>(
  'features/admin',
  ['features/admin-guard', 'platform/storage', 'features/auth', 'features/privacy'],
  async (app, { config, database: { db }, clock }) => {
    const { accountErasure, accountDeletion } = app.privacy;
    const admin = createAdminService({
      admin: createAdminRepository(db),
      db,
      storage: app.storage,
      auth: app.auth.service,
      erasure: accountErasure,
      cancelRecurringPlans: accountDeletion.cancelRecurringPlans,
      // Resolved when called: the subscriptions feature registers after this one.
      stopRenewals: (userId) => app.subscriptions.ending.stopRenewalsForAdmin(userId),
      publicUrl: config.publicUrl,
      ...(clock ? { now: clock } : {}),
    });
    if (config.admin) {
      // Never promotes, never resets.
      const { outcome } = await ensureAdminAccount(
        db,
        { ...config.admin, firstName: 'CareMatch', lastName: 'Admin' },
        { promote: false },
      );
      if (outcome === 'exists-not-admin') {
        app.log.warn('ADMIN_EMAIL belongs to an account that is not an admin: use npm run admin:create');
      }
    }
    registerAdminRoutes(app, { config, admin });
  },
);
