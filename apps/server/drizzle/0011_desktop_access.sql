CREATE TABLE "desktop_policies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"policy_id" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"clipboard" varchar(10) NOT NULL,
	"local_drive" varchar(10) NOT NULL,
	"usb_redirect" boolean NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"instance_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desktop_policies_clipboard_known" CHECK ("desktop_policies"."clipboard" in ('off', 'read', 'write', 'readwrite')),
	CONSTRAINT "desktop_policies_local_drive_known" CHECK ("desktop_policies"."local_drive" in ('off', 'read', 'readwrite'))
);
--> statement-breakpoint
CREATE TABLE "sub_account_desktops" (
	"sub_user_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_account_desktops_sub_user_id_resource_id_pk" PRIMARY KEY("sub_user_id","resource_id")
);
--> statement-breakpoint
ALTER TABLE "desktop_policies" ADD CONSTRAINT "desktop_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_desktops" ADD CONSTRAINT "sub_account_desktops_sub_user_id_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_desktops" ADD CONSTRAINT "sub_account_desktops_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "desktop_policies_policy_id_unique" ON "desktop_policies" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "desktop_policies_user_name_unique" ON "desktop_policies" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "desktop_policies_one_default" ON "desktop_policies" USING btree ("user_id") WHERE "desktop_policies"."is_default";--> statement-breakpoint
CREATE INDEX "desktop_policies_user_created_idx" ON "desktop_policies" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sub_account_desktops_resource_idx" ON "sub_account_desktops" USING btree ("resource_id");