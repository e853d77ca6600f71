CREATE TABLE "issue_followers" (
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_followers_issue_id_user_id_pk" PRIMARY KEY("issue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"audience" jsonb NOT NULL,
	"template" text NOT NULL,
	"in_app" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_count" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_messages_status_known" CHECK ("notification_messages"."status" IN ('draft','sent'))
);
--> statement-breakpoint
CREATE TABLE "notification_schema_roles" (
	"schema_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "notification_schema_roles_schema_id_role_id_pk" PRIMARY KEY("schema_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "notification_schemas" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"name" text NOT NULL,
	"title_template" text NOT NULL,
	"body_template" text DEFAULT '' NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"to_subjects" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_schemas_name_unique" UNIQUE("name"),
	CONSTRAINT "notification_schemas_some_channel" CHECK ("notification_schemas"."in_app" OR "notification_schemas"."sms")
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "due_notified_on" date;--> statement-breakpoint
ALTER TABLE "sms_log" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "issue_followers" ADD CONSTRAINT "issue_followers_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_followers" ADD CONSTRAINT "issue_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_schema_roles" ADD CONSTRAINT "notification_schema_roles_schema_id_notification_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."notification_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_schema_roles" ADD CONSTRAINT "notification_schema_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_followers_user_id_index" ON "issue_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_messages_created_at_index" ON "notification_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_schemas_event_index" ON "notification_schemas" USING btree ("event");--> statement-breakpoint
CREATE INDEX "issues_due_open_idx" ON "issues" USING btree ("due_date") WHERE "issues"."due_date" IS NOT NULL AND "issues"."status" IN ('new','accepted','in_progress');--> statement-breakpoint
CREATE INDEX "sms_log_message_id_index" ON "sms_log" USING btree ("message_id");--> statement-breakpoint
-- the product's default notification schemas (domain/notifications/events.ts); staff change them at /notifications/schemas
INSERT INTO "notification_schemas" ("event", "name", "title_template", "body_template", "in_app", "sms", "to_subjects") VALUES
  ('issue.assigned', 'ارجاع موضوع به مسئول', '{{count}} موضوع به شما ارجاع شد', '{{issues}}', true, true, true),
  ('issue.letter_added', 'نامه تازه برای دنبال‌کنندگان', 'نامه {{direction}} {{letter_number}} در موضوع «{{issue_title}}»', '{{letter_subject}}', true, false, true),
  ('issue.due_passed', 'گذشتن مهلت برای مسئول و دنبال‌کنندگان', 'مهلت موضوع «{{issue_title}}» گذشت', 'مهلت: {{due_date}}', true, true, true),
  ('issue.woken', 'پایان تعویق برای مسئول و دنبال‌کنندگان', 'تعویق موضوع «{{issue_title}}» به پایان رسید', 'موضوع به کار بازگشت', true, false, true);
