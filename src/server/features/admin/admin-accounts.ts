import { ConfigError } from '../../config';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { hashPassword, passwordProblem } from '../auth';
import { createAuditRecorder } from '../audit';
import { createAdminRepository } from './admin.repository';

export interface AdminAccountInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export type AdminAccountOutcome =
  | { outcome: 'created' | 'promoted' | 'updated'; user: UserRow }
  | { outcome: 'exists-as-admin' | 'exists-not-admin'; user: UserRow };

/** A ConfigError, so a bad ADMIN_PASSWORD stops the start with a message naming it. */
export class AdminAccountError extends ConfigError {
  override name = 'AdminAccountError';
}

/**
 * Creates an admin account, or (with `promote`, the operator's CLI) turns an existing account
 * into one with the given password, ending its sessions. Without `promote` (ADMIN_EMAIL at start)
 * an existing account is left alone: a look-alike registered earlier must never become an admin
 * because the address matches, and a restart never resets an admin's changed password.
 */
export async function ensureAdminAccount(
  db: Database,
  input: AdminAccountInput,
  { promote }: { promote: boolean },
): Promise<AdminAccountOutcome> {
  const problem = passwordProblem(input.password, input.email);
  if (problem) {
    throw new AdminAccountError(promote ? problem : `Invalid configuration:\n  ADMIN_PASSWORD: ${problem}`);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const admins = createAdminRepository(tx);
    const existing = await admins.findUserByEmail(input.email);
    if (!existing) {
      const user = await admins.insertAdmin({ ...input, email: input.email.trim(), passwordHash });
      return { outcome: 'created', user };
    }
    if (!promote) {
      return { outcome: existing.role === 'admin' ? 'exists-as-admin' : 'exists-not-admin', user: existing };
    }
    const user = await admins.promoteToAdmin(existing.id, passwordHash, new Date());
    if (existing.role !== 'admin') {
      await createAuditRecorder(tx).record({
        actorId: user.id,
        // The server's command line did it, not the account (an admin only from this moment).
        actorRole: 'operator',
        action: 'admin.promoted',
        entityType: 'user',
        entityId: user.id,
        before: { role: existing.role },
        after: { role: 'admin', by: 'admin:create' },
      });
    }
    return { outcome: existing.role === 'admin' ? 'updated' : 'promoted', user };
  });
}
