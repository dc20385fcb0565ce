CREATE TABLE "sandbox_payments" (
	"no" varchar(32) PRIMARY KEY NOT NULL,
	"pay_type" varchar(1) NOT NULL,
	"trade_id" varchar(64) NOT NULL,
	"amount" text NOT NULL,
	"paid_amount" text NOT NULL,
	"signature" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
