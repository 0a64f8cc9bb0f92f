-- The family circle (decision 0036): members, emailed invitations, and per-kind email settings. Hand-written.
CREATE TABLE IF NOT EXISTS "circle_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"member_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_members_role_check" CHECK ("role" in ('can_see', 'can_arrange')),
	CONSTRAINT "circle_members_not_self_check" CHECK ("holder_id" <> "member_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "circle_members_pair_key" ON "circle_members" USING btree ("holder_id","member_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "circle_members_member_idx" ON "circle_members" USING btree ("member_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "circle_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_invitations_role_check" CHECK ("role" in ('can_see', 'can_arrange'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "circle_invitations_token_key" ON "circle_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "circle_invitations_holder_idx" ON "circle_invitations" USING btree ("holder_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "notification_settings" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_kind_check" CHECK ("kind" in ('messages', 'proposals', 'visit_notices', 'no_show_alerts', 'notes', 'renewals'))
);
