CREATE TABLE "sys_job_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"boss_job_id" varchar(64),
	"status" varchar(1) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"error" text,
	CONSTRAINT "sys_job_logs_status_valid" CHECK ("sys_job_logs"."status" in ('0', '1'))
);
--> statement-breakpoint
CREATE TABLE "sys_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" varchar(100) NOT NULL,
	"job_group" varchar(20) DEFAULT 'SYSTEM' NOT NULL,
	"cron" varchar(100) NOT NULL,
	"default_cron" varchar(100) NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"remark" text,
	"last_run_at" timestamp with time zone,
	"last_status" varchar(1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_jobs_queue_unique" UNIQUE("queue"),
	CONSTRAINT "sys_jobs_status_valid" CHECK ("sys_jobs"."status" in ('0', '1'))
);
--> statement-breakpoint
ALTER TABLE "sys_job_logs" ADD CONSTRAINT "sys_job_logs_job_id_sys_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."sys_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_job_logs_job_started_idx" ON "sys_job_logs" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "sys_job_logs_started_idx" ON "sys_job_logs" USING btree ("started_at");