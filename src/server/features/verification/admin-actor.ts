import type { UserRow } from '../../db/schema';

/** Who did it and from where, for the audit log. */
export interface AdminActor {
  user: UserRow;
  ipAddress?: string | undefined;
}
