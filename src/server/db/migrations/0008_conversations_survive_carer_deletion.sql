ALTER TABLE "conversations" DROP CONSTRAINT "conversations_carer_id_carer_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "carer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_carer_id_carer_profiles_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carer_profiles"("id") ON DELETE set null ON UPDATE no action;