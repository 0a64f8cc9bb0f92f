-- Decision 0025: each instance keeps the carers' search fields in memory and answers search from
-- there, reading from the database only what changed since its last read. Hand-written (no
-- drizzle snapshot): the column and the triggers below are not in schema.ts, so `drizzle-kit
-- generate` never sees them.
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
-- Which rows went: each deleted profile is announced with its id (below). A listener hears every
-- notice while its LISTEN connection is up, and reads everything again when it comes back, so no
-- record of deleted profiles is kept (an erased account leaves nothing behind).
CREATE OR REPLACE FUNCTION notify_carer_removal() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('carematch_carers', 'carer_profiles REMOVED ' || OLD.id::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carer_profiles_removal AFTER DELETE ON carer_profiles
	FOR EACH ROW EXECUTE FUNCTION notify_carer_removal();
--> statement-breakpoint
-- The change notice (migration 0011) now says what happened: 'carer_profiles TRUNCATE' names no
-- rows, so a listener that hears it reads everything again.
CREATE OR REPLACE FUNCTION notify_carers_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('carematch_carers', TG_TABLE_NAME || ' ' || TG_OP);
	RETURN NULL;
END
$$;
