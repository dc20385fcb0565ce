CREATE TABLE "login_failures" (
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"penalty_until" timestamp with time zone,
	CONSTRAINT "login_failures_email_ip_pk" PRIMARY KEY("email","ip")
);
--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose_valid";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "first_failed_login_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_valid" CHECK ("email_codes"."purpose" in ('signup', 'reset_password', 'change_password', 'login'));