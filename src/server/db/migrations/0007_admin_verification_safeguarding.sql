CREATE TABLE "carer_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carer_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"dbs_level" text NOT NULL,
	"dbs_issue_date" date NOT NULL,
	"dbs_certificate_number" text NOT NULL,
	"dbs_update_service" boolean NOT NULL,
	"right_to_work_method" text NOT NULL,
	"right_to_work_share_code" text,
	"references" jsonb NOT NULL,
	"dbs_document_id" uuid,
	"right_to_work_document_id" uuid,
	"photo_id_document_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"rejection_reason" text,
	CONSTRAINT "carer_verifications_status_check" CHECK ("carer_verifications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "carer_verifications_right_to_work_check" CHECK ("carer_verifications"."right_to_work_method" in ('share_code', 'passport'))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carer_verifications" ADD CONSTRAINT "carer_verifications_carer_id_carer_profiles_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_verifications" ADD CONSTRAINT "carer_verifications_dbs_document_id_uploads_id_fk" FOREIGN KEY ("dbs_document_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_verifications" ADD CONSTRAINT "carer_verifications_right_to_work_document_id_uploads_id_fk" FOREIGN KEY ("right_to_work_document_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_verifications" ADD CONSTRAINT "carer_verifications_photo_id_document_id_uploads_id_fk" FOREIGN KEY ("photo_id_document_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carer_verifications" ADD CONSTRAINT "carer_verifications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carer_verifications_one_pending_key" ON "carer_verifications" USING btree ("carer_id") WHERE "carer_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "carer_verifications_carer_idx" ON "carer_verifications" USING btree ("carer_id","submitted_at");--> statement-breakpoint
CREATE INDEX "carer_verifications_status_idx" ON "carer_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolution_check" CHECK ("reports"."resolution" is null or "reports"."resolution" in ('dismiss', 'warn', 'suspend'));