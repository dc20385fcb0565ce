CREATE TABLE "billing_hours" (
	"hour_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
