CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"product_type" varchar(20) NOT NULL,
	"action" varchar(10) DEFAULT 'new' NOT NULL,
	"status" varchar(20) DEFAULT 'pending_payment' NOT NULL,
	"resource_status" varchar(20) DEFAULT 'not_created' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"region_id" bigint,
	"billing_method" varchar(20),
	"period" integer,
	"original_amount_micros" bigint NOT NULL,
	"paid_amount_micros" bigint NOT NULL,
	"refunded_amount_micros" bigint DEFAULT 0 NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resource_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"charge_transaction_id" bigint,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_product_type_known" CHECK ("orders"."product_type" in ('desktop', 'phone', 'office_site', 'eip', 'backup_space', 'phone_network')),
	CONSTRAINT "orders_action_known" CHECK ("orders"."action" in ('new', 'renew', 'upgrade')),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('pending_payment', 'payment_success', 'payment_failed', 'paid', 'payment_timeout')),
	CONSTRAINT "orders_resource_status_known" CHECK ("orders"."resource_status" in ('not_created', 'creating', 'created', 'creation_failed', 'refunded')),
	CONSTRAINT "orders_quantity_positive" CHECK ("orders"."quantity" > 0),
	CONSTRAINT "orders_amounts_valid" CHECK ("orders"."paid_amount_micros" >= 0 and "orders"."original_amount_micros" >= "orders"."paid_amount_micros" and "orders"."refunded_amount_micros" between 0 and "orders"."paid_amount_micros")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charge_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("charge_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_unique" ON "orders" USING btree ("no");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_resource_pending_idx" ON "orders" USING btree ("resource_status") WHERE "orders"."resource_status" in ('not_created', 'creating');