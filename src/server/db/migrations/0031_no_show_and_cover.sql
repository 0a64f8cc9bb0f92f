-- No-show alerts and cover (decision 0037): how long after a visit's start the family is alerted
-- when the carer has not checked in; when that alert went (claimed once per visit); the family's
-- backup carers in order with the rate agreed; a visit offered to them and who took it. Hand-written.
ALTER TABLE arrangements ADD COLUMN IF NOT EXISTS no_show_minutes integer NOT NULL DEFAULT 15;
--> statement-breakpoint
ALTER TABLE arrangements ADD CONSTRAINT arrangements_no_show_minutes_check
	CHECK (no_show_minutes BETWEEN 5 AND 120);
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS no_show_alerted_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS covered_by uuid REFERENCES carer_profiles(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS covered_at timestamp with time zone;
--> statement-breakpoint
-- Housekeeping looks for visits due an alert among those not yet alerted.
CREATE INDEX IF NOT EXISTS visits_no_show_due_idx ON visits (starts_at)
	WHERE no_show_alerted_at IS NULL AND checked_in_at IS NULL AND status = 'scheduled';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visits_covered_by_idx ON visits (covered_by) WHERE covered_by IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS cover_backups (
	arrangement_id uuid NOT NULL REFERENCES arrangements(id) ON DELETE CASCADE,
	carer_id uuid NOT NULL REFERENCES carer_profiles(id) ON DELETE CASCADE,
	position smallint NOT NULL,
	hourly_rate numeric(7, 2) NOT NULL,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT cover_backups_pkey PRIMARY KEY (arrangement_id, carer_id),
	CONSTRAINT cover_backups_position_check CHECK (position BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS cover_backups_position_key ON cover_backups (arrangement_id, position);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cover_backups_carer_idx ON cover_backups (carer_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS cover_offers (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	visit_id uuid NOT NULL REFERENCES visits(id) ON DELETE CASCADE,
	carer_id uuid NOT NULL REFERENCES carer_profiles(id) ON DELETE CASCADE,
	hourly_rate numeric(7, 2) NOT NULL,
	offered_by uuid REFERENCES users(id) ON DELETE SET NULL,
	status text NOT NULL DEFAULT 'open',
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	answered_at timestamp with time zone,
	CONSTRAINT cover_offers_status_check CHECK (status IN ('open', 'accepted', 'taken'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS cover_offers_visit_carer_key ON cover_offers (visit_id, carer_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cover_offers_carer_idx ON cover_offers (carer_id, created_at);
