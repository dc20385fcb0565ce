ALTER TABLE "desktop_images" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "traffic_rate_micros" bigint;