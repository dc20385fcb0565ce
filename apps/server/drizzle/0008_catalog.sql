CREATE TABLE "desktop_bundle_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(30) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "desktop_bundle_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "desktop_bundles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bundle_id" varchar(60) NOT NULL,
	"desktop_type_id" bigint NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"default_image_id" varchar(60),
	"default_system_disk_gib" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "desktop_bundles_bundle_id_unique" UNIQUE("bundle_id"),
	CONSTRAINT "desktop_bundles_system_disk_valid" CHECK ("desktop_bundles"."default_system_disk_gib" between 80 and 500 and "desktop_bundles"."default_system_disk_gib" % 10 = 0)
);
--> statement-breakpoint
CREATE TABLE "desktop_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image_id" varchar(60) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"platform_type" varchar(10) NOT NULL,
	"os_name" text NOT NULL,
	"size_gib" integer NOT NULL,
	"min_system_disk_gib" integer NOT NULL,
	"owner_user_id" bigint,
	"region_id" bigint,
	"status" varchar(20) DEFAULT 'available' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desktop_images_image_id_unique" UNIQUE("image_id"),
	CONSTRAINT "desktop_images_platform_known" CHECK ("desktop_images"."platform_type" in ('Windows', 'Linux')),
	CONSTRAINT "desktop_images_status_known" CHECK ("desktop_images"."status" in ('creating', 'available', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "desktop_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type_id" varchar(60) NOT NULL,
	"bundle_type" varchar(30) NOT NULL,
	"cpu" integer NOT NULL,
	"memory_gib" integer NOT NULL,
	"gpu_gib" integer,
	"monthly_cost_micros" bigint NOT NULL,
	"hourly_cost_micros" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "desktop_types_type_id_unique" UNIQUE("type_id"),
	CONSTRAINT "desktop_types_costs_valid" CHECK ("desktop_types"."monthly_cost_micros" >= 0 and "desktop_types"."hourly_cost_micros" >= 0 and "desktop_types"."cpu" > 0 and "desktop_types"."memory_gib" > 0)
);
--> statement-breakpoint
CREATE TABLE "period_discounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit" varchar(10) DEFAULT 'month' NOT NULL,
	"period" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	"ph_discount_bp" integer NOT NULL,
	CONSTRAINT "period_discounts_unit_known" CHECK ("period_discounts"."unit" in ('month')),
	CONSTRAINT "period_discounts_valid" CHECK ("period_discounts"."period" > 0 and "period_discounts"."discount_bp" between 1 and 10000 and "period_discounts"."ph_discount_bp" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "phone_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image_id" varchar(60) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"android_version" varchar(10) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "phone_images_image_id_unique" UNIQUE("image_id")
);
--> statement-breakpoint
CREATE TABLE "phone_specs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"spec_id" varchar(60) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"cpu" integer NOT NULL,
	"memory_gib" integer NOT NULL,
	"disk_gib" integer NOT NULL,
	"resolution" varchar(20) NOT NULL,
	"monthly_cost_micros" bigint NOT NULL,
	"hourly_cost_micros" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "phone_specs_spec_id_unique" UNIQUE("spec_id"),
	CONSTRAINT "phone_specs_costs_valid" CHECK ("phone_specs"."monthly_cost_micros" >= 0 and "phone_specs"."hourly_cost_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "unit_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(40) NOT NULL,
	"cost_micros" bigint NOT NULL,
	"unit_zh" text NOT NULL,
	"unit_en" text NOT NULL,
	CONSTRAINT "unit_prices_key_unique" UNIQUE("key"),
	CONSTRAINT "unit_prices_cost_valid" CHECK ("unit_prices"."cost_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "price_factor_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "desktop_bundles" ADD CONSTRAINT "desktop_bundles_desktop_type_id_desktop_types_id_fk" FOREIGN KEY ("desktop_type_id") REFERENCES "public"."desktop_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktop_bundles" ADD CONSTRAINT "desktop_bundles_default_image_id_desktop_images_image_id_fk" FOREIGN KEY ("default_image_id") REFERENCES "public"."desktop_images"("image_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktop_images" ADD CONSTRAINT "desktop_images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktop_images" ADD CONSTRAINT "desktop_images_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desktop_types" ADD CONSTRAINT "desktop_types_bundle_type_desktop_bundle_types_key_fk" FOREIGN KEY ("bundle_type") REFERENCES "public"."desktop_bundle_types"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desktop_images_owner_idx" ON "desktop_images" USING btree ("owner_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "period_discounts_unit_period_unique" ON "period_discounts" USING btree ("unit","period");--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_price_factor_positive" CHECK ("regions"."price_factor_percent" > 0);