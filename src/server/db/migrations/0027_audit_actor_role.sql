-- The audit log says who acted with their role at the time: the role is kept on the entry, so a
-- later deletion (actor_id set null) or promotion does not change it. Entries written before are
-- filled in: from the account where it still exists, otherwise from what the action says about
-- who does it (a family or carer deleting their own account or ending their plan; housekeeping;
-- the server's command line; every other action is an admin's). Hand-written.
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS actor_role text;
--> statement-breakpoint
UPDATE audit_log SET actor_role = CASE
	WHEN action IN ('compliance.lapsed', 'verification.dbs-scan-deleted') THEN 'system'
	WHEN action = 'admin.promoted' THEN 'operator'
	WHEN action = 'account.deleted' THEN coalesce(before ->> 'role', 'customer')
	WHEN action = 'subscription.cancelled' AND before ->> 'plan' = 'carer_membership' THEN 'carer'
	WHEN action IN ('subscription.cancelled', 'subscription.refunded') THEN 'customer'
	ELSE coalesce((SELECT u.role FROM users u WHERE u.id = audit_log.actor_id), 'admin')
END
WHERE actor_role IS NULL;
