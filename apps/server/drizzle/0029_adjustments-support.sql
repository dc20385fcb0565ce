CREATE TABLE "balance_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"direction" varchar(6) NOT NULL,
	"amount_micros" bigint NOT NULL,
	"reason" varchar(500) NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(10) NOT NULL,
	"requested_by" bigint NOT NULL,
	"request_key" varchar(200) NOT NULL,
	"decided_by" bigint,
	"decision_reason" varchar(500),
	"decided_at" timestamp with time zone,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_adjustments_direction_valid" CHECK ("balance_adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "balance_adjustments_status_valid" CHECK ("balance_adjustments"."status" in ('pending', 'posted', 'rejected')),
	CONSTRAINT "balance_adjustments_amount_positive" CHECK ("balance_adjustments"."amount_micros" > 0),
	CONSTRAINT "balance_adjustments_posted_has_transaction" CHECK (("balance_adjustments"."status" = 'posted') = ("balance_adjustments"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_audits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"operator_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(500) NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "support_operator_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "support_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_audits" ADD CONSTRAINT "support_audits_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_audits" ADD CONSTRAINT "support_audits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_adjustments_request_key_unique" ON "balance_adjustments" USING btree ("requested_by","request_key");--> statement-breakpoint
CREATE INDEX "balance_adjustments_created_idx" ON "balance_adjustments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_created_idx" ON "balance_adjustments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "balance_adjustments_user_idx" ON "balance_adjustments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_requested_by_idx" ON "balance_adjustments" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "support_audits_created_idx" ON "support_audits" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_audits_session_idx" ON "support_audits" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "support_audits_operator_idx" ON "support_audits" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "support_audits_customer_idx" ON "support_audits" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_support_operator_id_users_id_fk" FOREIGN KEY ("support_operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;