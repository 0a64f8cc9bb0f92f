-- A report may be about a carer's profile itself (the profile's "Report this carer" link), besides a
-- conversation or a review: exactly one subject still. Hand-written.
ALTER TABLE reports ADD COLUMN IF NOT EXISTS carer_id uuid REFERENCES carer_profiles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_one_subject_check;
--> statement-breakpoint
ALTER TABLE reports ADD CONSTRAINT reports_one_subject_check CHECK (
	(conversation_id IS NOT NULL)::int + (review_id IS NOT NULL)::int + (carer_id IS NOT NULL)::int = 1
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS reports_carer_idx ON reports (carer_id) WHERE carer_id IS NOT NULL;
