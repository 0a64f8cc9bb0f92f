-- Decision 0014: each app instance may keep some rows in memory: signed-in sessions with their
-- users, and carer profiles with their checks.
-- Any change that could end a session or change what its user may do is announced here, in the
-- transaction that makes it, so every instance drops its copy as soon as the change commits,
-- whichever code path (or person at a SQL prompt) made it.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('carematch_sessions', OLD.id::text);
	ELSE
		PERFORM pg_notify('carematch_sessions', OLD.user_id::text);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any change to the user: role, suspension, subscription, name, email, password...
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- A session ended (sign-out, password change, suspension, housekeeping). Sliding the idle expiry
-- (last_seen_at, idle_expires_at) is not announced: an instance checks both expiries itself.
CREATE TRIGGER sessions_session_change AFTER DELETE OR UPDATE OF id_hash, user_id, absolute_expires_at ON sessions
	FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- Carer profiles and their checks, as anyone may see them: one notice per statement (a ranking
-- refresh touches every profile), and every instance empties its copies (profiles, checks, search
-- answers).
CREATE OR REPLACE FUNCTION notify_carers_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('carematch_carers', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carer_profiles_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carer_profiles
	FOR EACH STATEMENT EXECUTE FUNCTION notify_carers_change();
--> statement-breakpoint
CREATE TRIGGER carer_verifications_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carer_verifications
	FOR EACH STATEMENT EXECUTE FUNCTION notify_carers_change();
