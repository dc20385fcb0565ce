CREATE TABLE "sub_account_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sub_user_id" bigint NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"amount_micros" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sub_account_charges_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "sub_account_phones" (
	"sub_user_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"permissions" varchar(20)[] DEFAULT '{connect,start_stop,restart}'::varchar[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_account_phones_sub_user_id_resource_id_pk" PRIMARY KEY("sub_user_id","resource_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "spend_cap_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_account_desktops" ADD COLUMN "permissions" varchar(20)[] DEFAULT '{connect,start_stop,restart}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_account_charges" ADD CONSTRAINT "sub_account_charges_sub_user_id_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_phones" ADD CONSTRAINT "sub_account_phones_sub_user_id_users_id_fk" FOREIGN KEY ("sub_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_phones" ADD CONSTRAINT "sub_account_phones_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_account_charges_sub_created_idx" ON "sub_account_charges" USING btree ("sub_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sub_account_phones_resource_idx" ON "sub_account_phones" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_parent_nickname_unique" ON "users" USING btree ("parent_id",lower("nickname")) WHERE "users"."parent_id" is not null;