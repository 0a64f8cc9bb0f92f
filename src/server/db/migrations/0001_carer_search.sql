CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "saved_carers" (
	"customer_id" uuid NOT NULL,
	"carer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_carers_customer_id_carer_id_pk" PRIMARY KEY("customer_id","carer_id")
);
--> statement-breakpoint
ALTER TABLE "carer_profiles" ADD COLUMN "rank_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_carers" ADD CONSTRAINT "saved_carers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_carers" ADD CONSTRAINT "saved_carers_carer_id_carer_profiles_id_fk" FOREIGN KEY ("carer_id") REFERENCES "public"."carer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_carers_carer_idx" ON "saved_carers" USING btree ("carer_id");--> statement-breakpoint
CREATE INDEX "carer_profiles_best_idx" ON "carer_profiles" USING btree ("is_active","rank_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "carer_profiles_type_best_idx" ON "carer_profiles" USING btree ("is_active","specialization","rank_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "carer_profiles_rating_idx" ON "carer_profiles" USING btree ("is_active","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "carer_profiles_price_idx" ON "carer_profiles" USING btree ("is_active","hourly_rate_min","id");--> statement-breakpoint
CREATE INDEX "carer_profiles_availability_idx" ON "carer_profiles" USING gin ("availability");--> statement-breakpoint
CREATE INDEX "carer_profiles_location_trgm_idx" ON "carer_profiles" USING gin (lower("location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carer_profiles_postcode_idx" ON "carer_profiles" USING btree (upper("postcode_district"));