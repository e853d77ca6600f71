CREATE TABLE "issue_letter_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"letter_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_letter_attachments" ADD CONSTRAINT "issue_letter_attachments_letter_id_issue_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."issue_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_letter_attachments" ADD CONSTRAINT "issue_letter_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_letter_attachments_letter_id_index" ON "issue_letter_attachments" USING btree ("letter_id");--> statement-breakpoint
CREATE INDEX "issue_letter_attachments_sha256_index" ON "issue_letter_attachments" USING btree ("sha256");