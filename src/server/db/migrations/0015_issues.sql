CREATE TABLE "issue_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"title" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"direction" text NOT NULL,
	"year" smallint NOT NULL,
	"serial" integer NOT NULL,
	"reference_number" text NOT NULL,
	"letter_date" date NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_letters_year_direction_serial_unique" UNIQUE("year","direction","serial"),
	CONSTRAINT "issue_letters_direction" CHECK ("issue_letters"."direction" IN ('in','out'))
);
--> statement-breakpoint
CREATE TABLE "issue_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "issue_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"issue_type_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"priority" smallint DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"duplicate_of" integer,
	"decline_reason" text,
	"snoozed_until" date,
	"snoozed_from" text,
	"assignee_id" integer,
	"assignee_seen_at" timestamp with time zone,
	"due_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "issues_priority_range" CHECK ("issues"."priority" BETWEEN 1 AND 4),
	CONSTRAINT "issues_status_known" CHECK ("issues"."status" IN ('new','accepted','in_progress','duplicate','declined','snoozed','resolved','closed'))
);
--> statement-breakpoint
CREATE TABLE "letter_counters" (
	"year" smallint NOT NULL,
	"direction" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "letter_counters_year_direction_pk" PRIMARY KEY("year","direction")
);
--> statement-breakpoint
ALTER TABLE "issue_details" ADD CONSTRAINT "issue_details_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_letters" ADD CONSTRAINT "issue_letters_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_letters" ADD CONSTRAINT "issue_letters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_issue_type_id_issue_types_id_fk" FOREIGN KEY ("issue_type_id") REFERENCES "public"."issue_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_details_issue_id_sort_index" ON "issue_details" USING btree ("issue_id","sort");--> statement-breakpoint
CREATE INDEX "issue_letters_issue_id_letter_date_index" ON "issue_letters" USING btree ("issue_id","letter_date");--> statement-breakpoint
CREATE INDEX "issues_status_created_at_index" ON "issues" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "issues_issue_type_id_index" ON "issues" USING btree ("issue_type_id");--> statement-breakpoint
CREATE INDEX "issues_object_type_object_id_index" ON "issues" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "issues_assignee_id_index" ON "issues" USING btree ("assignee_id");--> statement-breakpoint
INSERT INTO "issue_types" ("name", "sort") VALUES
  ('عدم ارسال صورت‌های مالی', 1),
  ('مغایرت در اطلاعات سهامداری', 2),
  ('ترکیب هیئت مدیره', 3),
  ('عدم برگزاری مجمع', 4),
  ('بند گزارش حسابرس', 5),
  ('ماده ۱۴۱ قانون تجارت', 6),
  ('سایر', 7)
ON CONFLICT ("name") DO NOTHING;
