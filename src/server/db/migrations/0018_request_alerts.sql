-- Issue 20: carers are emailed about new care requests that fit them, at most once a day, and
-- can turn it off in Settings.
ALTER TABLE "carer_profiles" ADD COLUMN "request_alerts" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "request_alerts_sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "care_requests_created_idx" ON "care_requests" USING btree ("created_at") WHERE "care_requests"."status" = 'open';
