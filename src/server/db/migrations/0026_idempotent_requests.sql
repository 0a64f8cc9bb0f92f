-- Creating requests made safe to repeat (decision 0033): each creating action's answer, kept for a
-- while under its Idempotency-Key (or a short-lived key made from the request), so a double submit
-- or a parallel repeat gets the first answer instead of creating a second row. Hand-written.
CREATE TABLE IF NOT EXISTS idempotent_requests (
	scope text NOT NULL,
	key text NOT NULL,
	user_id uuid REFERENCES users(id) ON DELETE CASCADE,
	fingerprint text NOT NULL,
	claim text NOT NULL,
	locked_until timestamp with time zone NOT NULL,
	status_code integer,
	content_type text,
	body text,
	expires_at timestamp with time zone NOT NULL,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT idempotent_requests_pkey PRIMARY KEY (scope, key)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS idempotent_requests_expires_idx ON idempotent_requests (expires_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS idempotent_requests_user_idx ON idempotent_requests (user_id);
