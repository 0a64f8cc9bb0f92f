-- Timesheets and invoices (decision 0038): a person's invoicing details with the carer's own
-- gap-free counters; each arrangement's week of visits that happened; the carer's invoices and
-- credit notes to the family, copied in when issued and kept six years. Hand-written.
CREATE TABLE IF NOT EXISTS invoicing_settings (
	user_id uuid PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	trading_name text NOT NULL DEFAULT '',
	business_address text NOT NULL DEFAULT '',
	vat_number text NOT NULL DEFAULT '',
	bank_account_name text NOT NULL DEFAULT '',
	bank_sort_code text NOT NULL DEFAULT '',
	bank_account_number text NOT NULL DEFAULT '',
	mileage_rate_pence integer NOT NULL DEFAULT 45,
	billing_name text NOT NULL DEFAULT '',
	billing_address text NOT NULL DEFAULT '',
	last_invoice_number integer NOT NULL DEFAULT 0,
	last_credit_note_number integer NOT NULL DEFAULT 0,
	updated_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT invoicing_settings_mileage_check CHECK (mileage_rate_pence BETWEEN 0 AND 1000),
	CONSTRAINT invoicing_settings_counters_check CHECK (last_invoice_number >= 0 AND last_credit_note_number >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS timesheets (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	arrangement_id uuid NOT NULL REFERENCES arrangements(id) ON DELETE CASCADE,
	carer_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
	customer_id uuid REFERENCES users(id) ON DELETE SET NULL,
	week_start date NOT NULL,
	status text NOT NULL DEFAULT 'draft',
	submitted_at timestamp with time zone,
	reminder_sent_at timestamp with time zone,
	approved_at timestamp with time zone,
	approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
	auto_approved boolean NOT NULL DEFAULT false,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	updated_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT timesheets_status_check CHECK (status in ('draft', 'submitted', 'queried', 'approved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS timesheets_arrangement_week_key ON timesheets (arrangement_id, week_start);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_carer_idx ON timesheets (carer_user_id, week_start);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_customer_idx ON timesheets (customer_id, week_start);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_submitted_idx ON timesheets (submitted_at) WHERE status = 'submitted';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS timesheet_lines (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	timesheet_id uuid NOT NULL REFERENCES timesheets(id) ON DELETE CASCADE,
	kind text NOT NULL,
	visit_id uuid REFERENCES visits(id) ON DELETE SET NULL,
	date date NOT NULL,
	starts_at timestamp with time zone,
	ends_at timestamp with time zone,
	minutes integer,
	tenth_miles integer,
	rate_pence integer,
	amount_pence integer NOT NULL,
	note text NOT NULL DEFAULT '',
	excluded boolean NOT NULL DEFAULT false,
	recorded_afterwards boolean NOT NULL DEFAULT false,
	query_reason text,
	queried_at timestamp with time zone,
	queried_by uuid REFERENCES users(id) ON DELETE SET NULL,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT timesheet_lines_kind_check CHECK (kind in ('visit', 'mileage', 'expense')),
	CONSTRAINT timesheet_lines_amount_check CHECK (amount_pence >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheet_lines_timesheet_idx ON timesheet_lines (timesheet_id, date);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS timesheet_lines_visit_key ON timesheet_lines (visit_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS invoices (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	kind text NOT NULL DEFAULT 'invoice',
	carer_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
	customer_id uuid REFERENCES users(id) ON DELETE SET NULL,
	number integer NOT NULL,
	timesheet_id uuid REFERENCES timesheets(id) ON DELETE SET NULL,
	arrangement_id uuid REFERENCES arrangements(id) ON DELETE SET NULL,
	credit_for uuid REFERENCES invoices(id) ON DELETE CASCADE,
	reason text NOT NULL DEFAULT '',
	issued_at timestamp with time zone NOT NULL,
	period_start date NOT NULL,
	period_end date NOT NULL,
	seller_name text NOT NULL,
	seller_address text NOT NULL,
	vat_number text NOT NULL DEFAULT '',
	buyer_name text NOT NULL,
	buyer_address text NOT NULL,
	lines jsonb NOT NULL,
	total_pence integer NOT NULL,
	status text NOT NULL DEFAULT 'open',
	paid_method text,
	paid_reference text,
	paid_at timestamp with time zone,
	marked_paid_at timestamp with time zone,
	marked_paid_by uuid REFERENCES users(id) ON DELETE SET NULL,
	marked_paid_reference text,
	frozen_at timestamp with time zone,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT invoices_kind_check CHECK (kind in ('invoice', 'credit_note')),
	CONSTRAINT invoices_status_check CHECK (status in ('open', 'marked_paid', 'paid', 'credited')),
	CONSTRAINT invoices_total_check CHECK (total_pence >= 0),
	CONSTRAINT invoices_number_check CHECK (number > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS invoices_carer_number_key ON invoices (carer_user_id, kind, number);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS invoices_timesheet_key ON invoices (timesheet_id) WHERE kind = 'invoice';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_customer_idx ON invoices (customer_id, issued_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_carer_idx ON invoices (carer_user_id, issued_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_credit_for_idx ON invoices (credit_for);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_issued_idx ON invoices (issued_at);
