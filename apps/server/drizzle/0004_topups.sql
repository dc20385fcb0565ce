CREATE TABLE "payment_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" varchar(20) NOT NULL,
	"order_no" varchar(64),
	"payload" jsonb NOT NULL,
	"verdict" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"pay_type" varchar(1) NOT NULL,
	"gateway" varchar(20) NOT NULL,
	"money_micros" bigint NOT NULL,
	"rate_amount" text DEFAULT '' NOT NULL,
	"currency" varchar(8) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"trade_id" varchar(128),
	"qrcode" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"failure" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_amount" text,
	"credited_micros" bigint DEFAULT 0 NOT NULL,
	"bonus_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_orders_status_known" CHECK ("topup_orders"."status" in (1, 2, 3, 4)),
	CONSTRAINT "topup_orders_money_positive" CHECK ("topup_orders"."money_micros" > 0)
);
--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("order_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_orders_no_unique" ON "topup_orders" USING btree ("no");--> statement-breakpoint
CREATE INDEX "topup_orders_user_created_idx" ON "topup_orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "topup_orders_pending_expiry_idx" ON "topup_orders" USING btree ("expires_at") WHERE "topup_orders"."status" = 1;