CREATE INDEX "topup_orders_created_idx" ON "topup_orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "topup_orders_trade_id_idx" ON "topup_orders" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);