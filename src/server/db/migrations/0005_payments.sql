CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_purpose_check" CHECK ("billing_subscriptions"."purpose" in ('customer_monthly', 'carer_membership'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_subscription_type_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider_reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "listed_until" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
-- Existing profiles get the 30-day introductory period from today (none disappears from search on upgrade).
UPDATE "carer_profiles" SET "listed_until" = greatest("created_at", now()) + interval '30 days';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_provider_key" ON "billing_subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_renewal_idx" ON "billing_subscriptions" USING btree ("provider","current_period_end") WHERE "billing_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_billing_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("billing_subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- At most one pending payment per person and plan: older duplicates (none are expected) are cancelled first.
UPDATE "payments" AS p SET "status" = 'cancelled' WHERE p."status" = 'pending' AND EXISTS (SELECT 1 FROM "payments" AS q WHERE q."user_id" = p."user_id" AND q."plan" = p."plan" AND q."status" = 'pending' AND (q."created_at", q."id") > (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_key" ON "payments" USING btree ("user_id","plan") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_billing_subscription_idx" ON "payments" USING btree ("billing_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_check" CHECK ("payments"."plan" in ('three_month', 'monthly', 'annual', 'carer_membership'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_type_check" CHECK ("users"."subscription_type" is null or "users"."subscription_type" in ('monthly', 'annual', 'three_month'));