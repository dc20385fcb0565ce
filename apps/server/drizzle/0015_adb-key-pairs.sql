CREATE TABLE "adb_key_pairs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_pair_id" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(128) NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"upstream" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adb_key_pairs" ADD CONSTRAINT "adb_key_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adb_key_pairs_key_pair_id_unique" ON "adb_key_pairs" USING btree ("key_pair_id");--> statement-breakpoint
CREATE INDEX "adb_key_pairs_user_created_idx" ON "adb_key_pairs" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);