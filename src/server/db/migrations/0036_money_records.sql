-- The records people need about money for care: the family's own employment-status (HMRC CEST)
-- reference per carer, printed on the monthly statement; and an admin marking a closed card dispute
-- handled (what was done, by whom, when). Hand-written.
CREATE TABLE IF NOT EXISTS statement_references (
	customer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	carer_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	cest_reference text NOT NULL DEFAULT '',
	updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
	updated_at timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY (customer_id, carer_user_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS statement_references_carer_idx ON statement_references (carer_user_id);
--> statement-breakpoint
ALTER TABLE care_payment_disputes ADD COLUMN IF NOT EXISTS handled_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE care_payment_disputes ADD COLUMN IF NOT EXISTS handled_by uuid REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE care_payment_disputes ADD COLUMN IF NOT EXISTS handled_note text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS care_payment_attempts_succeeded_idx ON care_payment_attempts (succeeded_at) WHERE status = 'succeeded';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS care_payouts_carer_idx ON care_payouts (carer_id, arrival_date);
