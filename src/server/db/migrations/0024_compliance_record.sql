-- A compliance record that stays true over time: dated DBS facts, time-limited right to work,
-- DBS Update Service status checks, insurance, reminders and lapses, and document retention
-- (docs/decisions/0028-compliance-lapse-rules.md). Hand-written (no drizzle snapshot, like 0019-0023).
--
-- The DBS certificate's workforce (adult, child or both): what its barred-list check covered.
ALTER TABLE carer_verifications ADD COLUMN IF NOT EXISTS dbs_workforce text;
--> statement-breakpoint
ALTER TABLE carer_verifications DROP CONSTRAINT IF EXISTS carer_verifications_dbs_workforce_check;
--> statement-breakpoint
ALTER TABLE carer_verifications ADD CONSTRAINT carer_verifications_dbs_workforce_check
	CHECK (dbs_workforce IS NULL OR dbs_workforce IN ('adult', 'child', 'both'));
--> statement-breakpoint
-- Time-limited permission to work: the day it ends (null: no time limit).
ALTER TABLE carer_verifications ADD COLUMN IF NOT EXISTS right_to_work_expires_on date;
--> statement-breakpoint
-- A carer approved without insurance on file has until this day to add it. Carers approved before
-- insurance was asked for get 90 days from this migration; new approvals get 30 days.
ALTER TABLE carer_verifications ADD COLUMN IF NOT EXISTS insurance_due_on date;
--> statement-breakpoint
UPDATE carer_verifications SET insurance_due_on = current_date + 90
	WHERE status = 'approved' AND insurance_due_on IS NULL;
--> statement-breakpoint
-- When the DBS certificate's scan was deleted under the retention rule (the record of what was
-- seen, when and by whom stays in this row).
ALTER TABLE carer_verifications ADD COLUMN IF NOT EXISTS dbs_document_deleted_at timestamptz;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS carer_verifications_dbs_retention_idx ON carer_verifications (reviewed_at)
	WHERE dbs_document_id IS NOT NULL AND status <> 'pending';
--> statement-breakpoint
-- DBS Update Service status checks an admin made: when, what it said, who.
CREATE TABLE IF NOT EXISTS dbs_status_checks (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	verification_id uuid NOT NULL REFERENCES carer_verifications(id) ON DELETE cascade,
	checked_on date NOT NULL,
	result text NOT NULL,
	recorded_by uuid REFERENCES users(id) ON DELETE set null,
	recorded_at timestamptz DEFAULT now() NOT NULL,
	CONSTRAINT dbs_status_checks_result_check CHECK (result IN ('current', 'changed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dbs_status_checks_verification_idx ON dbs_status_checks (verification_id, checked_on);
--> statement-breakpoint
-- A carer's insurance, reviewed by an admin like the other checks.
CREATE TABLE IF NOT EXISTS carer_insurance (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	carer_id uuid NOT NULL REFERENCES carer_profiles(id) ON DELETE cascade,
	kind text NOT NULL,
	insurer text NOT NULL,
	policy_number text NOT NULL,
	cover_pounds integer NOT NULL,
	expires_on date NOT NULL,
	document_id uuid REFERENCES uploads(id) ON DELETE set null,
	status text DEFAULT 'pending' NOT NULL,
	submitted_at timestamptz DEFAULT now() NOT NULL,
	reviewed_at timestamptz,
	reviewed_by uuid REFERENCES users(id) ON DELETE set null,
	rejection_reason text,
	CONSTRAINT carer_insurance_kind_check CHECK (kind IN ('public_liability', 'professional_indemnity')),
	CONSTRAINT carer_insurance_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT carer_insurance_cover_check CHECK (cover_pounds > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS carer_insurance_one_pending_key ON carer_insurance (carer_id, kind)
	WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS carer_insurance_carer_idx ON carer_insurance (carer_id, kind, status, expires_on);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS carer_insurance_queue_idx ON carer_insurance (status, submitted_at, id);
--> statement-breakpoint
-- Reminders sent before a check lapses: each (check, due day, notice) once.
CREATE TABLE IF NOT EXISTS compliance_reminders (
	carer_id uuid NOT NULL REFERENCES carer_profiles(id) ON DELETE cascade,
	subject text NOT NULL,
	due_on date NOT NULL,
	notice text NOT NULL,
	sent_at timestamptz DEFAULT now() NOT NULL,
	CONSTRAINT compliance_reminders_pkey PRIMARY KEY (carer_id, subject, due_on, notice)
);
--> statement-breakpoint
-- Required checks that lapsed: the carer left search for this reason until it is renewed.
CREATE TABLE IF NOT EXISTS compliance_lapses (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	carer_id uuid NOT NULL REFERENCES carer_profiles(id) ON DELETE cascade,
	check_kind text NOT NULL,
	due_on date NOT NULL,
	lapsed_at timestamptz NOT NULL,
	resolved_at timestamptz,
	CONSTRAINT compliance_lapses_check_kind_check
		CHECK (check_kind IN ('dbs', 'right_to_work', 'public_liability'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS compliance_lapses_open_key ON compliance_lapses (carer_id, check_kind)
	WHERE resolved_at IS NULL;
--> statement-breakpoint
-- Right-to-work evidence outlives the account for the legal period: what was checked, when, and
-- the scan, kept RIGHT_TO_WORK_RETENTION_YEARS after the carer leaves, then deleted by housekeeping.
CREATE TABLE IF NOT EXISTS right_to_work_records (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	carer_name text NOT NULL,
	method text NOT NULL,
	share_code text,
	expires_on date,
	checked_at timestamptz,
	document_storage_key text,
	document_content_type text,
	left_at timestamptz NOT NULL,
	delete_after timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS right_to_work_records_delete_after_idx ON right_to_work_records (delete_after);
