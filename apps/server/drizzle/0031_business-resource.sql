CREATE TABLE "resource_operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource_id" bigint NOT NULL,
	"operator_id" bigint,
	"action" varchar(20) NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_operator_actions" ADD CONSTRAINT "resource_operator_actions_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_operator_actions" ADD CONSTRAINT "resource_operator_actions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_operator_actions_resource_idx" ON "resource_operator_actions" USING btree ("resource_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_created_idx" ON "resources" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_kind_created_idx" ON "resources" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);