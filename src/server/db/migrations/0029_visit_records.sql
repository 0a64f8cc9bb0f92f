-- Visits that happened (decision 0024, "What we record"): the carer's check-in and check-out times
-- (no location), a visit recorded afterwards with its reason, the visit note with the quick ticks
-- the family set on the arrangement, and the family's replies to it; who the care is for and the
-- notes the carer needs. Hand-written.
ALTER TABLE arrangements ADD COLUMN IF NOT EXISTS care_for text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE arrangements ADD COLUMN IF NOT EXISTS care_notes text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE arrangements ADD COLUMN IF NOT EXISTS note_ticks jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS checked_in_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS checked_out_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS recorded_afterwards_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE visits ADD COLUMN IF NOT EXISTS recorded_reason text;
--> statement-breakpoint
ALTER TABLE visits ADD CONSTRAINT visits_check_out_after_in_check
	CHECK (checked_out_at IS NULL OR (checked_in_at IS NOT NULL AND checked_out_at > checked_in_at));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS visit_notes (
	visit_id uuid PRIMARY KEY REFERENCES visits(id) ON DELETE CASCADE,
	text text NOT NULL DEFAULT '',
	ticks jsonb NOT NULL DEFAULT '[]'::jsonb,
	written_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS visit_note_replies (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	visit_id uuid NOT NULL REFERENCES visit_notes(visit_id) ON DELETE CASCADE,
	author_id uuid REFERENCES users(id) ON DELETE SET NULL,
	text text NOT NULL,
	created_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visit_note_replies_visit_idx ON visit_note_replies (visit_id, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visit_note_replies_author_idx ON visit_note_replies (author_id);
