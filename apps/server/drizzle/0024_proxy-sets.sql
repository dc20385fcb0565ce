CREATE TABLE "proxy_set_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proxy_sets" (
	"resource_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"configs" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxy_set_links" ADD CONSTRAINT "proxy_set_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_set_links" ADD CONSTRAINT "proxy_set_links_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_sets" ADD CONSTRAINT "proxy_sets_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_sets" ADD CONSTRAINT "proxy_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_set_links_token_hash_unique" ON "proxy_set_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_set_links_live_resource_unique" ON "proxy_set_links" USING btree ("resource_id") WHERE "proxy_set_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "proxy_set_links_user_idx" ON "proxy_set_links" USING btree ("user_id");