CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "topup_orders_created_idx" ON "topup_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "resource_hour_charges_unpaid_idx" ON "resource_hour_charges" USING btree ("hour_start") WHERE "resource_hour_charges"."outcome" = 'unpaid';