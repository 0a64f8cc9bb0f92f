-- The profile page shows a Verified carer's cover and DBS status checks (decision 0028) from a copy
-- each instance keeps with the carer's other checks (decision 0014): their tables announce every
-- change on the carers' channel, as carer_profiles and carer_verifications do (migration 0011),
-- so every instance drops its copies when cover is added, approved, lapses or a status check is
-- recorded, whichever code path made the change.
CREATE TRIGGER carer_insurance_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carer_insurance
	FOR EACH STATEMENT EXECUTE FUNCTION notify_carers_change();
--> statement-breakpoint
CREATE TRIGGER dbs_status_checks_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dbs_status_checks
	FOR EACH STATEMENT EXECUTE FUNCTION notify_carers_change();
