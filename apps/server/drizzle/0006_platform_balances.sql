ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after_micros" DROP NOT NULL;--> statement-breakpoint
-- Platform accounts stop caching a running balance: their balance is the sum of their entries.
UPDATE "ledger_entries" SET "balance_after_micros" = NULL WHERE "account_id" IN (SELECT "id" FROM "ledger_accounts" WHERE "owner_user_id" IS NULL);--> statement-breakpoint
UPDATE "ledger_accounts" SET "balance_micros" = 0 WHERE "owner_user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_platform_uncached" CHECK ("ledger_accounts"."owner_user_id" is not null or "ledger_accounts"."balance_micros" = 0);
