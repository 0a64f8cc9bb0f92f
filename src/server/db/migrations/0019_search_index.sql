-- Decision 0025: each instance keeps the carers' search fields in memory and answers search from
-- there, reading from the database only what changed since its last read. Hand-written (no
-- drizzle snapshot): the column, the table and the triggers below are not in schema.ts, so
-- `drizzle-kit generate` never sees them.
--
-- Which rows changed: every insert or update stamps the row with its transaction's id. A reader
-- that took snapshot S has seen every transaction below pg_snapshot_xmin(S), so its next read asks
-- only for rows stamped at or above that: a transaction still running at S is read again later,
-- never missed, whatever order transactions commit in.
ALTER TABLE carer_profiles ADD COLUMN changed_xid xid8;
--> statement-breakpoint
CREATE INDEX carer_profiles_changed_xid_idx ON carer_profiles (changed_xid);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stamp_carer_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	NEW.changed_xid := pg_current_xact_id();
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carer_profiles_stamp BEFORE INSERT OR UPDATE ON carer_profiles
	FOR EACH ROW EXECUTE FUNCTION stamp_carer_change();
--> statement-breakpoint
-- Which rows went: a deleted profile leaves its id and its transaction's id here (housekeeping
-- keeps a day of them; an instance that missed more reads everything again).
CREATE TABLE carer_profile_removals (
	profile_id uuid NOT NULL,
	removed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
	removed_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX carer_profile_removals_xid_idx ON carer_profile_removals (removed_xid);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_carer_removal() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO carer_profile_removals (profile_id) VALUES (OLD.id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carer_profiles_removal AFTER DELETE ON carer_profiles
	FOR EACH ROW EXECUTE FUNCTION record_carer_removal();
--> statement-breakpoint
-- The change notice (migration 0011) now says what happened: 'carer_profiles TRUNCATE' leaves no
-- removals behind, so a listener that hears it reads everything again.
CREATE OR REPLACE FUNCTION notify_carers_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('carematch_carers', TG_TABLE_NAME || ' ' || TG_OP);
	RETURN NULL;
END
$$;
