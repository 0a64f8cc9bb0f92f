-- A backup carer who leaves CareMatch: their answered offers stay in the family's record, unnamed
-- (decision 0037); their open ones are withdrawn by the account's erasure.
ALTER TABLE cover_offers ALTER COLUMN carer_id DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE cover_offers DROP CONSTRAINT IF EXISTS cover_offers_carer_id_fkey;
--> statement-breakpoint
ALTER TABLE cover_offers ADD CONSTRAINT cover_offers_carer_id_fkey FOREIGN KEY (carer_id) REFERENCES carer_profiles(id) ON DELETE SET NULL;
