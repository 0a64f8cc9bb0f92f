-- Issue 20: care arrangements (the API's bookings), their visits, and the private calendar feed.
CREATE TABLE "arrangements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid,
	"customer_id" uuid,
	"carer_id" uuid,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"visits" jsonb NOT NULL,
	"hourly_rate" numeric(7, 2) NOT NULL,
	"tasks" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arrangements_status_check" CHECK ("arrangements"."status" in ('proposed', 'accepted', 'declined', 'ended')),
	CONSTRAINT "arrangements_proposed_by_check" CHECK ("arrangements"."proposed_by" in ('customer', 'carer'))
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"arrangement_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notice" text,
	"notice_note" text,
	"notice_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "visits_status_check" CHECK ("visits"."status" in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_hash" text;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_carer_id_carer_profiles_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carer_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_arrangement_id_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."arrangements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrangements_customer_idx" ON "arrangements" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "arrangements_carer_idx" ON "arrangements" USING btree ("carer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "arrangements_open_pair_key" ON "arrangements" USING btree ("customer_id","carer_id") WHERE "arrangements"."status" in ('proposed', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "visits_arrangement_start_key" ON "visits" USING btree ("arrangement_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_feed_key" ON "users" USING btree ("calendar_feed_hash");
