CREATE TABLE "own_proxies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"proxy_id" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"protocol" varchar(10) NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"username" varchar(255) DEFAULT '' NOT NULL,
	"password_sealed" text DEFAULT '' NOT NULL,
	"remark" varchar(100) DEFAULT '' NOT NULL,
	"check_status" varchar(10) DEFAULT 'unchecked' NOT NULL,
	"check_error" varchar(40),
	"latency_ms" integer,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "own_proxies_protocol_known" CHECK ("own_proxies"."protocol" in ('socks5', 'http')),
	CONSTRAINT "own_proxies_port_range" CHECK ("own_proxies"."port" between 1 and 65535),
	CONSTRAINT "own_proxies_check_status_known" CHECK ("own_proxies"."check_status" in ('unchecked', 'ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_type_known";--> statement-breakpoint
ALTER TABLE "sim_resources" DROP CONSTRAINT "sim_resources_kind_known";--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_kind_known";--> statement-breakpoint
ALTER TABLE "own_proxies" ADD CONSTRAINT "own_proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "own_proxies_proxy_id_unique" ON "own_proxies" USING btree ("proxy_id");--> statement-breakpoint
CREATE INDEX "own_proxies_user_created_idx" ON "own_proxies" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_type_known" CHECK ("orders"."product_type" in ('desktop', 'phone', 'office_site', 'eip', 'backup_space', 'phone_network', 'proxy'));--> statement-breakpoint
ALTER TABLE "sim_resources" ADD CONSTRAINT "sim_resources_kind_known" CHECK ("sim_resources"."kind" in ('desktop', 'office_site', 'policy', 'phone', 'key_pair', 'eip', 'phone_network', 'backup', 'proxy'));--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_kind_known" CHECK ("resources"."kind" in ('desktop', 'phone', 'office_site', 'eip', 'backup_space', 'phone_network', 'proxy'));