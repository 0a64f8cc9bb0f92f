CREATE TABLE "care_request_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"carer_id" uuid NOT NULL,
	"conversation_id" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"care_type" text NOT NULL,
	"postcode" text NOT NULL,
	"postcode_district" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"start_date" date NOT NULL,
	"pattern_slots" integer DEFAULT 0 NOT NULL,
	"live_in" boolean DEFAULT false NOT NULL,
	"short_notice" boolean DEFAULT false NOT NULL,
	"hours_per_week" smallint NOT NULL,
	"budget_min" numeric(7, 2) NOT NULL,
	"budget_max" numeric(7, 2) NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closing_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_requests_status_check" CHECK ("care_requests"."status" in ('open', 'filled', 'not_needed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "care_request_responses" ADD CONSTRAINT "care_request_responses_request_id_care_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_responses" ADD CONSTRAINT "care_request_responses_carer_id_carer_profiles_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_responses" ADD CONSTRAINT "care_request_responses_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_request_responses_request_carer_key" ON "care_request_responses" USING btree ("request_id","carer_id");--> statement-breakpoint
CREATE INDEX "care_request_responses_carer_idx" ON "care_request_responses" USING btree ("carer_id");--> statement-breakpoint
CREATE INDEX "care_requests_customer_idx" ON "care_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "care_requests_open_earth_idx" ON "care_requests" USING gist (ll_to_earth("latitude", "longitude")) WHERE "care_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "care_requests_closes_idx" ON "care_requests" USING btree ("status","closes_at");