-- Paying carers by card (decision 0039, money for care): each carer's connected account, every
-- attempt to pay an invoice (one live attempt per invoice: a second click or tab finds it), the
-- family's card saved on the platform, card disputes and the carers' payouts. Integer pence.
-- Hand-written.
CREATE TABLE IF NOT EXISTS care_payment_accounts (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	user_id uuid REFERENCES users(id) ON DELETE SET NULL,
	provider text NOT NULL,
	account_id text NOT NULL,
	status text NOT NULL DEFAULT 'needs_details',
	charges_enabled boolean NOT NULL DEFAULT false,
	payouts_enabled boolean NOT NULL DEFAULT false,
	details_submitted boolean NOT NULL DEFAULT false,
	requirements_due jsonb NOT NULL DEFAULT '[]'::jsonb,
	last_event_at timestamp with time zone,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	updated_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT care_payment_accounts_status_check CHECK (status IN ('needs_details', 'pending', 'ready'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS care_payment_accounts_user_key ON care_payment_accounts (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS care_payment_accounts_account_key ON care_payment_accounts (provider, account_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS care_payment_attempts (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	invoice_id uuid NOT NULL,
	invoice_number text NOT NULL,
	attempt integer NOT NULL,
	payer_id uuid REFERENCES users(id) ON DELETE SET NULL,
	carer_id uuid REFERENCES users(id) ON DELETE SET NULL,
	family_id uuid REFERENCES users(id) ON DELETE SET NULL,
	provider text NOT NULL,
	account_id text NOT NULL,
	amount_pence integer NOT NULL,
	fee_pence integer NOT NULL,
	status text NOT NULL DEFAULT 'pending',
	off_session boolean NOT NULL DEFAULT false,
	provider_reference text,
	client_secret text,
	failure_code text,
	failure_message text,
	refunded_pence integer NOT NULL DEFAULT 0,
	succeeded_at timestamp with time zone,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	updated_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT care_payment_attempts_amount_check CHECK (amount_pence > 0),
	CONSTRAINT care_payment_attempts_fee_check CHECK (fee_pence >= 0 AND fee_pence <= amount_pence),
	CONSTRAINT care_payment_attempts_refunded_check CHECK (refunded_pence >= 0 AND refunded_pence <= amount_pence),
	CONSTRAINT care_payment_attempts_status_check
		CHECK (status IN ('pending', 'requires_payment', 'processing', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS care_payment_attempts_invoice_attempt_key ON care_payment_attempts (invoice_id, attempt);
--> statement-breakpoint
-- One live attempt per invoice: whoever inserts second finds the first (no second charge).
CREATE UNIQUE INDEX IF NOT EXISTS care_payment_attempts_live_key ON care_payment_attempts (invoice_id)
	WHERE status IN ('pending', 'requires_payment', 'processing', 'succeeded');
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS care_payment_attempts_reference_key ON care_payment_attempts (provider, provider_reference);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS care_payment_attempts_carer_idx ON care_payment_attempts (carer_id, created_at);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS care_saved_cards (
	user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	provider text NOT NULL,
	customer_id text,
	payment_method_id text,
	brand text,
	last4 text,
	auto_pay boolean NOT NULL DEFAULT false,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS care_payment_disputes (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	attempt_id uuid NOT NULL REFERENCES care_payment_attempts(id) ON DELETE CASCADE,
	invoice_id uuid NOT NULL,
	provider text NOT NULL,
	dispute_ref text NOT NULL,
	amount_pence integer NOT NULL,
	reason text NOT NULL,
	status text NOT NULL,
	opened_at timestamp with time zone NOT NULL,
	closed_at timestamp with time zone,
	last_event_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS care_payment_disputes_ref_key ON care_payment_disputes (provider, dispute_ref);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS care_payouts (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	carer_id uuid REFERENCES users(id) ON DELETE SET NULL,
	provider text NOT NULL,
	account_id text NOT NULL,
	payout_ref text NOT NULL,
	amount_pence integer NOT NULL,
	status text NOT NULL,
	arrival_date timestamp with time zone NOT NULL,
	failure_message text,
	last_event_at timestamp with time zone,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT care_payouts_status_check CHECK (status IN ('in_transit', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS care_payouts_ref_key ON care_payouts (provider, payout_ref);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS care_payouts_due_idx ON care_payouts (arrival_date) WHERE status = 'in_transit';
