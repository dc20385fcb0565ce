CREATE TABLE "sys_notice_reads" (
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "sys_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"content_en" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_popups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" varchar(40) NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"content_zh" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"key" varchar(60),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_popups_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"subtitle_zh" text DEFAULT '' NOT NULL,
	"subtitle_en" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"key" varchar(60),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "code_table" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_goods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"tag_zh" text DEFAULT '' NOT NULL,
	"tag_en" text DEFAULT '' NOT NULL,
	"price_micros" bigint NOT NULL,
	"price_unit" varchar(40) NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"key" varchar(60),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hot_goods_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"wy_region_id" varchar(60) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_data" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"dict_value" varchar(100) NOT NULL,
	"list_class" varchar(20) DEFAULT 'default' NOT NULL,
	"css_class" varchar(100) DEFAULT '' NOT NULL,
	"is_default" varchar(1) DEFAULT 'N' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_dict_types_dict_type_unique" UNIQUE("dict_type")
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" varchar(80) NOT NULL,
	"original_name" text NOT NULL,
	"extension" varchar(5) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"owner_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
ALTER TABLE "sys_notice_reads" ADD CONSTRAINT "sys_notice_reads_notice_id_sys_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_reads" ADD CONSTRAINT "sys_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notices" ADD CONSTRAINT "sys_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dict_data" ADD CONSTRAINT "sys_dict_data_dict_type_sys_dict_types_dict_type_fk" FOREIGN KEY ("dict_type") REFERENCES "public"."sys_dict_types"("dict_type") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notices_user_created_idx" ON "user_notices" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_notices_unread_idx" ON "user_notices" USING btree ("user_id") WHERE "user_notices"."read_at" is null;--> statement-breakpoint
CREATE INDEX "ad_popups_enabled_starts_idx" ON "ad_popups" USING btree ("enabled","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_kind_wy_region_unique" ON "regions" USING btree ("kind","wy_region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_data_type_value_unique" ON "sys_dict_data" USING btree ("dict_type","dict_value");--> statement-breakpoint
CREATE INDEX "sys_dict_data_type_sort_idx" ON "sys_dict_data" USING btree ("dict_type","dict_sort");--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_idx" ON "uploaded_files" USING btree ("owner_id");