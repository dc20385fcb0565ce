CREATE TABLE "phone_backups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"backup_id" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"space_id" bigint NOT NULL,
	"phone_resource_id" bigint NOT NULL,
	"phone_id" varchar(40) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'creating' NOT NULL,
	"size_mib" integer,
	"estimate_mib" integer NOT NULL,
	"instance_id" varchar(64),
	"task_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "phone_backups_backup_id_unique" UNIQUE("backup_id"),
	CONSTRAINT "phone_backups_status_check" CHECK ("phone_backups"."status" in ('creating', 'available', 'recovering', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "phone_backups" ADD CONSTRAINT "phone_backups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_backups" ADD CONSTRAINT "phone_backups_space_id_resources_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_backups" ADD CONSTRAINT "phone_backups_phone_resource_id_resources_id_fk" FOREIGN KEY ("phone_resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_backups_user_created_idx" ON "phone_backups" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "phone_backups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "phone_backups_space_idx" ON "phone_backups" USING btree ("space_id") WHERE "phone_backups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "phone_backups_phone_idx" ON "phone_backups" USING btree ("phone_resource_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "phone_backups_task_idx" ON "phone_backups" USING btree ("task_id");