CREATE TABLE "phone_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"actor_user_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"phone_id" varchar(40) NOT NULL,
	"type" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result_code" varchar(64),
	"result_params" jsonb,
	"output" text,
	"polls" integer DEFAULT 0 NOT NULL,
	"retry_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "phone_tasks" ADD CONSTRAINT "phone_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_tasks" ADD CONSTRAINT "phone_tasks_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_tasks" ADD CONSTRAINT "phone_tasks_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_tasks" ADD CONSTRAINT "phone_tasks_retry_of_phone_tasks_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."phone_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_tasks_user_created_idx" ON "phone_tasks" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "phone_tasks_resource_created_idx" ON "phone_tasks" USING btree ("resource_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "phone_tasks_retry_of_idx" ON "phone_tasks" USING btree ("retry_of");