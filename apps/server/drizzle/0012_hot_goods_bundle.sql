ALTER TABLE "hot_goods" ADD COLUMN "bundle_id" varchar(60);--> statement-breakpoint
-- Installs seeded before this column: price the two seeded desktop items from the catalogue too.
UPDATE "hot_goods" SET "bundle_id" = 'b-general-2c4g' WHERE "key" = 'desktop-office' AND "bundle_id" IS NULL;--> statement-breakpoint
UPDATE "hot_goods" SET "bundle_id" = 'b-general-8c16g' WHERE "key" = 'desktop-performance' AND "bundle_id" IS NULL;
