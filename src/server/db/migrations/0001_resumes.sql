CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"national_code" text NOT NULL,
	"mobile" text NOT NULL,
	"step" smallint DEFAULT 1 NOT NULL,
	"completed_step" smallint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"first_name" text,
	"last_name" text,
	"father_name" text,
	"birth_date" date,
	"birth_city_id" integer,
	"gender" text,
	"email" text,
	"address" text,
	"photo_document_id" integer,
	"review_status" text DEFAULT 'received' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"education_level" text,
	"education_rank" smallint,
	"education_field" text,
	"experience_years" numeric(5, 1) DEFAULT '0' NOT NULL,
	"board_seats" smallint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_nationalCode_unique" UNIQUE("national_code")
);
--> statement-breakpoint
CREATE TABLE "resume_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_educations" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" integer NOT NULL,
	"level" text NOT NULL,
	"field" text NOT NULL,
	"university" text NOT NULL,
	"graduation_date" date NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_experiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" integer NOT NULL,
	"organization" text NOT NULL,
	"post" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"is_current" boolean DEFAULT false NOT NULL,
	"board_seat" boolean DEFAULT false NOT NULL,
	"leaving_reason" text,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_provision_acceptances" (
	"guest_id" integer NOT NULL,
	"provision_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_provision_acceptances_guest_id_provision_id_pk" PRIMARY KEY("guest_id","provision_id")
);
--> statement-breakpoint
CREATE TABLE "resume_provisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_term_answers" (
	"guest_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"answer" text,
	CONSTRAINT "resume_term_answers_guest_id_term_id_pk" PRIMARY KEY("guest_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "resume_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"kind" text DEFAULT 'yes_no' NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_birth_city_id_cities_id_fk" FOREIGN KEY ("birth_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_documents" ADD CONSTRAINT "resume_documents_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_educations" ADD CONSTRAINT "resume_educations_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_experiences" ADD CONSTRAINT "resume_experiences_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_provision_acceptances" ADD CONSTRAINT "resume_provision_acceptances_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_provision_acceptances" ADD CONSTRAINT "resume_provision_acceptances_provision_id_resume_provisions_id_fk" FOREIGN KEY ("provision_id") REFERENCES "public"."resume_provisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_term_answers" ADD CONSTRAINT "resume_term_answers_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_term_answers" ADD CONSTRAINT "resume_term_answers_term_id_resume_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."resume_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guests_submitted_idx" ON "guests" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "guests_last_name_idx" ON "guests" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "guests_experience_idx" ON "guests" USING btree ("experience_years","id");--> statement-breakpoint
CREATE INDEX "guests_board_seats_idx" ON "guests" USING btree ("board_seats","id");--> statement-breakpoint
CREATE INDEX "guests_education_rank_idx" ON "guests" USING btree ("education_rank","id");--> statement-breakpoint
CREATE INDEX "guests_review_status_idx" ON "guests" USING btree ("review_status");--> statement-breakpoint
CREATE INDEX "guests_search_trgm" ON "guests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resume_documents_guest_id_index" ON "resume_documents" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "resume_educations_guest_id_index" ON "resume_educations" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "resume_experiences_guest_id_index" ON "resume_experiences" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "resume_provision_acceptances_provision_id_index" ON "resume_provision_acceptances" USING btree ("provision_id");--> statement-breakpoint
CREATE INDEX "resume_term_answers_term_id_index" ON "resume_term_answers" USING btree ("term_id");