-- Subscriptions that are fair to end: a plan cancelled in its cooling-off period is refunded pro
-- rata (the amount given back, when, and the provider's refund id are kept on the payment), and
-- each renewal is announced by email once (the period end last reminded of). Hand-written.
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refunded_pence integer;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refunded_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refund_reference text;
--> statement-breakpoint
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_refunded_pence_check;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_refunded_pence_check
	CHECK (refunded_pence IS NULL OR (refunded_pence > 0 AND refunded_pence <= amount_pence));
--> statement-breakpoint
ALTER TABLE billing_subscriptions ADD COLUMN IF NOT EXISTS reminded_period_end timestamp with time zone;
--> statement-breakpoint
ALTER TABLE billing_subscriptions ADD COLUMN IF NOT EXISTS cancelled_at timestamp with time zone;
