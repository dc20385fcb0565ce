CREATE TABLE "free_resource_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"region_id" bigint NOT NULL,
	"contact_type" varchar(20) NOT NULL,
	"contact" varchar(100) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reason" varchar(500),
	"ip" varchar(64) NOT NULL,
	"email_domain" varchar(254) NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"resource_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_resource_applications_status_valid" CHECK ("free_resource_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "free_resource_applications_rejected_has_reason" CHECK (("free_resource_applications"."status" = 'rejected') = ("free_resource_applications"."reason" is not null)),
	CONSTRAINT "free_resource_applications_approved_has_resource" CHECK (("free_resource_applications"."status" = 'approved') = ("free_resource_applications"."resource_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "free_resource_applications" ADD CONSTRAINT "free_resource_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_resource_applications" ADD CONSTRAINT "free_resource_applications_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_resource_applications" ADD CONSTRAINT "free_resource_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_resource_applications" ADD CONSTRAINT "free_resource_applications_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_resource_applications_one_per_account" ON "free_resource_applications" USING btree ("user_id") WHERE "free_resource_applications"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "free_resource_applications_user_idx" ON "free_resource_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "free_resource_applications_created_idx" ON "free_resource_applications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "free_resource_applications_ip_idx" ON "free_resource_applications" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "free_resource_applications_domain_idx" ON "free_resource_applications" USING btree ("email_domain");