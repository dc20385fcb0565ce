CREATE TABLE "ledger_daily_spend" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_micros" bigint NOT NULL,
	CONSTRAINT "ledger_daily_spend_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_daily_totals" (
	"day" date NOT NULL,
	"kind" varchar(30) NOT NULL,
	"product_type" varchar(20) NOT NULL,
	"amount_micros" bigint NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "ledger_daily_totals_day_kind_product_type_pk" PRIMARY KEY("day","kind","product_type")
);
--> statement-breakpoint
CREATE TABLE "ledger_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "resource_hour_charges_unpaid_idx" ON "resource_hour_charges" USING btree ("hour_start") WHERE "resource_hour_charges"."outcome" = 'unpaid';