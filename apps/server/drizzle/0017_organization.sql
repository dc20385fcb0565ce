CREATE TABLE "depts" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"ancestors" varchar(500) DEFAULT '0' NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"leader" varchar(30),
	"phone" varchar(20),
	"email" varchar(254),
	"status" varchar(10) DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "depts_status_valid" CHECK ("depts"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_status_valid" CHECK ("posts"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "role_depts" (
	"role_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	CONSTRAINT "role_depts_role_id_dept_id_pk" PRIMARY KEY("role_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "user_posts" (
	"user_id" bigint NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "user_posts_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dept_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remark" varchar(500);--> statement-breakpoint
ALTER TABLE "depts" ADD CONSTRAINT "depts_parent_id_depts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."depts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_depts" ADD CONSTRAINT "role_depts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_depts" ADD CONSTRAINT "role_depts_dept_id_depts_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."depts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_posts" ADD CONSTRAINT "user_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_posts" ADD CONSTRAINT "user_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "depts_parent_id_idx" ON "depts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "depts_parent_name_unique" ON "depts" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_code_unique" ON "posts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_name_unique" ON "posts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "role_depts_dept_id_idx" ON "role_depts" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "user_posts_post_id_idx" ON "user_posts" USING btree ("post_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dept_id_depts_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."depts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_dept_id_idx" ON "users" USING btree ("dept_id");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_valid" CHECK ("roles"."data_scope" in ('1', '2', '3', '4', '5'));