CREATE TABLE "resource_hour_charges" (
	"resource_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"user_id" bigint NOT NULL,
	"run_micros" bigint NOT NULL,
	"traffic_bytes" bigint DEFAULT 0 NOT NULL,
	"traffic_micros" bigint DEFAULT 0 NOT NULL,
	"transaction_id" bigint,
	"outcome" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_hour_charges_outcome_known" CHECK ("resource_hour_charges"."outcome" in ('charged', 'unpaid'))
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource_id" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"region_id" bigint,
	"order_id" bigint,
	"name" varchar(128) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"resource_status" varchar(20) DEFAULT 'not_created' NOT NULL,
	"instance_id" varchar(64),
	"client_token" varchar(100) NOT NULL,
	"billing_method" varchar(20) NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"gift" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"hourly_price_micros" bigint DEFAULT 0 NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stop_reason" varchar(30),
	"failure" text,
	"expiry_notice_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "resources_kind_known" CHECK ("resources"."kind" in ('desktop', 'phone', 'office_site', 'eip', 'backup_space', 'phone_network')),
	CONSTRAINT "resources_resource_status_known" CHECK ("resources"."resource_status" in ('not_created', 'creating', 'created', 'creation_failed', 'refunded')),
	CONSTRAINT "resources_billing_method_known" CHECK ("resources"."billing_method" in ('payg', 'subscription')),
	CONSTRAINT "resources_subscription_expires" CHECK ("resources"."billing_method" = 'payg' or "resources"."expires_at" is not null),
	CONSTRAINT "resources_payg_no_auto_renew" CHECK ("resources"."billing_method" = 'subscription' or not "resources"."auto_renew"),
	CONSTRAINT "resources_hourly_price_not_negative" CHECK ("resources"."hourly_price_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "resource_hour_charges" ADD CONSTRAINT "resource_hour_charges_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_hour_charges" ADD CONSTRAINT "resource_hour_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_hour_charges_pk" ON "resource_hour_charges" USING btree ("resource_id","hour_start");--> statement-breakpoint
CREATE INDEX "resource_hour_charges_user_hour_idx" ON "resource_hour_charges" USING btree ("user_id","hour_start");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_resource_id_unique" ON "resources" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_client_token_unique" ON "resources" USING btree ("client_token");--> statement-breakpoint
CREATE INDEX "resources_user_kind_created_idx" ON "resources" USING btree ("user_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_order_idx" ON "resources" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "resources_payg_live_idx" ON "resources" USING btree ("id") WHERE "resources"."billing_method" = 'payg' and "resources"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "resources_subscription_expiry_idx" ON "resources" USING btree ("expires_at") WHERE "resources"."billing_method" = 'subscription' and "resources"."deleted_at" is null;