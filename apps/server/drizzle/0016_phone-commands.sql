CREATE TABLE "phone_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"actor_user_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"phone_id" varchar(40) NOT NULL,
	"command" text NOT NULL,
	"exit_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_commands" ADD CONSTRAINT "phone_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_commands" ADD CONSTRAINT "phone_commands_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_commands" ADD CONSTRAINT "phone_commands_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_commands_resource_created_idx" ON "phone_commands" USING btree ("resource_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "phone_commands_user_created_idx" ON "phone_commands" USING btree ("user_id","created_at" DESC NULLS LAST);