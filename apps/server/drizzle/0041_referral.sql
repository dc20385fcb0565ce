CREATE TABLE "referral_carries" (
	"invitee_user_id" bigint PRIMARY KEY NOT NULL,
	"inviter_user_id" bigint NOT NULL,
	"spent_micros" bigint DEFAULT 0 NOT NULL,
	"accrued_micros" bigint DEFAULT 0 NOT NULL,
	"paid_micros" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inviter_user_id" bigint NOT NULL,
	"invitee_user_id" bigint NOT NULL,
	"source_transaction_id" bigint NOT NULL,
	"source_kind" varchar(30) NOT NULL,
	"reference" varchar(100),
	"spend_micros" bigint NOT NULL,
	"percent_bp" integer NOT NULL,
	"accrued_micros" bigint NOT NULL,
	"reward_micros" bigint NOT NULL,
	"reward_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_micros" bigint NOT NULL,
	"channel" varchar(10) NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"tx_hash" varchar(100) DEFAULT '' NOT NULL,
	"failure_reason" varchar(500) DEFAULT '' NOT NULL,
	"request_key" varchar(200) NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_withdrawals_amount_positive" CHECK ("referral_withdrawals"."amount_micros" > 0),
	CONSTRAINT "referral_withdrawals_channel_valid" CHECK ("referral_withdrawals"."channel" in ('balance', 'address')),
	CONSTRAINT "referral_withdrawals_status_valid" CHECK ("referral_withdrawals"."status" in ('processing', 'success', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_not_negative";--> statement-breakpoint
ALTER TABLE "referral_carries" ADD CONSTRAINT "referral_carries_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_carries" ADD CONSTRAINT "referral_carries_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_source_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("source_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_reward_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("reward_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_source_unique" ON "referral_rewards" USING btree ("source_transaction_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_inviter_idx" ON "referral_rewards" USING btree ("inviter_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_rewards_invitee_reference_idx" ON "referral_rewards" USING btree ("invitee_user_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_withdrawals_request_unique" ON "referral_withdrawals" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user_idx" ON "referral_withdrawals" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_withdrawals_status_idx" ON "referral_withdrawals" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_not_negative" CHECK ("ledger_accounts"."kind" not in ('customer_wallet', 'customer_hold', 'customer_rebate', 'customer_rebate_pending') or "ledger_accounts"."balance_micros" >= 0);--> statement-breakpoint
-- The referral settings (issue 22): public, so the open gift page can read the percentage.
INSERT INTO "sys_configs" ("key", "name", "value", "is_public", "is_builtin", "remark") VALUES
  ('referral.reward_percent', 'Referral reward (%)', '5', true, true,
   'Percent of an invitee''s resource spend credited to the inviter''s rebate account; every text reads it.'),
  ('referral.min_withdrawal', 'Smallest rebate withdrawal ($)', '10.00', true, true,
   'The smallest amount of referral rebate a customer may withdraw, in dollars.')
ON CONFLICT ("key") DO NOTHING;
