CREATE TABLE "phone_app_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_app_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" bigint NOT NULL,
	"version_name" varchar(100) NOT NULL,
	"version_code" bigint NOT NULL,
	"label" varchar(128) NOT NULL,
	"file_name" varchar(80) NOT NULL,
	"apk_size" bigint NOT NULL,
	"md5" varchar(32) NOT NULL,
	"icon_url" text,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_apps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"category_id" bigint,
	"name" varchar(128) NOT NULL,
	"package_name" varchar(255) NOT NULL,
	"icon_url" text,
	"display_status" varchar(8) DEFAULT 'show' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_app_versions" ADD CONSTRAINT "phone_app_versions_app_id_phone_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."phone_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_app_versions" ADD CONSTRAINT "phone_app_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_apps" ADD CONSTRAINT "phone_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_apps" ADD CONSTRAINT "phone_apps_category_id_phone_app_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."phone_app_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_app_categories_name_unique" ON "phone_app_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "phone_app_versions_app_code_unique" ON "phone_app_versions" USING btree ("app_id","version_code" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "phone_apps_catalogue_package_unique" ON "phone_apps" USING btree ("package_name") WHERE "phone_apps"."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_apps_user_package_unique" ON "phone_apps" USING btree ("user_id","package_name") WHERE "phone_apps"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "phone_apps_user_created_idx" ON "phone_apps" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "phone_apps_category_idx" ON "phone_apps" USING btree ("category_id");