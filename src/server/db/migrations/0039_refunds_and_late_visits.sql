-- A card payment of an invoice can go back to the family: refunded by the carer (in part or in
-- full) or taken back by the family's bank in a dispute the carer lost. The invoice records both
-- (cumulative, in pence) and is then refunded or partly refunded, never paid. Hand-written.
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS refunded_pence integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS charged_back_pence integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS refunded_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_status_check;
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check CHECK (
	status in ('open', 'marked_paid', 'paid', 'credited', 'refunded', 'partly_refunded')
);
--> statement-breakpoint
ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_refunded_check;
--> statement-breakpoint
ALTER TABLE invoices ADD CONSTRAINT invoices_refunded_check CHECK (
	refunded_pence >= 0 AND charged_back_pence >= 0 AND refunded_pence + charged_back_pence <= total_pence
);
--> statement-breakpoint
-- A visit recorded after its week's timesheet was submitted is billed on a later week's timesheet
-- of the same arrangement, marked as carried over (decision 0038).
ALTER TABLE timesheet_lines ADD COLUMN IF NOT EXISTS carried_over boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- Timesheet emails (sent for approval, queried, approved) follow a notification setting of their own.
ALTER TABLE notification_settings DROP CONSTRAINT IF EXISTS notification_settings_kind_check;
--> statement-breakpoint
ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_kind_check CHECK (
	kind in ('messages', 'proposals', 'visit_notices', 'no_show_alerts', 'notes', 'renewals', 'timesheets')
);
