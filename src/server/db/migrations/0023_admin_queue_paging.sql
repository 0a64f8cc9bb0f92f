-- Issue 21 point 11: the verification and safeguarding queues are paged by keyset like the other
-- admin lists, and the audit log is searched by the names and emails of its people. Hand-written
-- (no drizzle snapshot, like 0019 and 0021). The searches use the trigram indexes of 0021.
--
-- The queues by state: pending (open) oldest first, the others newest first, ties broken by id.
CREATE INDEX IF NOT EXISTS carer_verifications_queue_idx ON carer_verifications (status, submitted_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS carer_verifications_submitted_idx ON carer_verifications (submitted_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS reports_queue_idx ON reports (status, created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS reports_created_id_idx ON reports (created_at DESC, id DESC);
--> statement-breakpoint
-- The audit log names a report entry's subject from the account reported, kept in "after".
CREATE INDEX IF NOT EXISTS audit_log_reported_account_idx ON audit_log ((after ->> 'reportedAccountId'))
	WHERE entity_type = 'report';
