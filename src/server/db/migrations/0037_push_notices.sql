-- Push notices (decision 0041): devices, per-person choices, the push outbox, demo VAPID keys. Hand-written.
CREATE TABLE IF NOT EXISTS "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"session_id_hash" text NOT NULL REFERENCES "sessions"("id_hash") ON DELETE cascade,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_pushed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id_hash");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kinds_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"previews" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"tag" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_outbox_kind_check" CHECK ("kind" in ('messages', 'care_requests', 'proposals', 'visit_notices', 'no_show_alerts', 'cover_offers'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "push_outbox_user_idx" ON "push_outbox" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "push_vapid_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row_check" CHECK ("id" = 1)
);
