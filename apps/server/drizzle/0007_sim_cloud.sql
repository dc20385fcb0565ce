CREATE TABLE "sim_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"instance_id" varchar(64),
	"action" varchar(30),
	"client_token" varchar(100),
	"params" jsonb,
	"effect" boolean DEFAULT false NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"error_code" varchar(40),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_resources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"instance_id" varchar(64) NOT NULL,
	"region" varchar(60) NOT NULL,
	"client_token" varchar(100) NOT NULL,
	"status" varchar(20) NOT NULL,
	"spec" jsonb NOT NULL,
	"attributes" jsonb NOT NULL,
	"next_status" varchar(20),
	"due_at" timestamp with time zone,
	"later_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sim_resources_kind_known" CHECK ("sim_resources"."kind" in ('desktop', 'office_site', 'policy', 'phone', 'key_pair', 'eip', 'phone_network', 'backup')),
	CONSTRAINT "sim_resources_transition_whole" CHECK (("sim_resources"."next_status" is null) = ("sim_resources"."due_at" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sim_calls_effect_token_unique" ON "sim_calls" USING btree ("operation","kind","client_token") WHERE "sim_calls"."effect" and "sim_calls"."client_token" is not null;--> statement-breakpoint
CREATE INDEX "sim_calls_instance_idx" ON "sim_calls" USING btree ("instance_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_resources_instance_unique" ON "sim_resources" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_resources_token_unique" ON "sim_resources" USING btree ("kind","client_token");--> statement-breakpoint
CREATE INDEX "sim_resources_due_idx" ON "sim_resources" USING btree ("due_at") WHERE "sim_resources"."due_at" is not null;