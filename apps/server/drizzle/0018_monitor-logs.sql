CREATE TABLE "login_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"browser" varchar(50),
	"os" varchar(50),
	"status" varchar(10) NOT NULL,
	"reason" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_logs_status_valid" CHECK ("login_logs"."status" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "oper_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"module" varchar(50) NOT NULL,
	"business_type" varchar(10) NOT NULL,
	"method" varchar(10) NOT NULL,
	"route" varchar(255) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"user_id" integer,
	"email" varchar(254),
	"ip" varchar(64) NOT NULL,
	"params" text,
	"result" text,
	"http_status" integer NOT NULL,
	"result_code" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"error_msg" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oper_logs_business_type_valid" CHECK ("oper_logs"."business_type" in ('insert', 'update', 'delete', 'other')),
	CONSTRAINT "oper_logs_status_valid" CHECK ("oper_logs"."status" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE INDEX "login_logs_created_at_idx" ON "login_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_logs_email_idx" ON "login_logs" USING btree ("email" varchar_pattern_ops,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_logs_ip_idx" ON "login_logs" USING btree ("ip" varchar_pattern_ops,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_logs_status_idx" ON "login_logs" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oper_logs_created_at_idx" ON "oper_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oper_logs_module_idx" ON "oper_logs" USING btree ("module" varchar_pattern_ops,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oper_logs_email_idx" ON "oper_logs" USING btree ("email" varchar_pattern_ops,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oper_logs_business_type_idx" ON "oper_logs" USING btree ("business_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oper_logs_status_idx" ON "oper_logs" USING btree ("status","created_at" DESC NULLS LAST);