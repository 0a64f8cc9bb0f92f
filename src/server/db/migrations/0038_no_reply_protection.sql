-- No-reply protection (decision 0029, point 9): each family plan payment is checked once, 7 days
-- after it was paid, and the days its access was extended are kept with it. Hand-written.
ALTER TABLE payments ADD COLUMN IF NOT EXISTS no_reply_checked_at timestamptz;
--> statement-breakpoint
ALTER TABLE payments ADD COLUMN IF NOT EXISTS no_reply_extended_days integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS payments_no_reply_due_idx ON payments (paid_at)
  WHERE status = 'succeeded' AND no_reply_checked_at IS NULL;
