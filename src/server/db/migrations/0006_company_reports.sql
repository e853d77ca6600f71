CREATE TABLE "codal_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer,
	"ticker" text,
	"tracing_number" text NOT NULL,
	"letter_code" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codal_infos_tracingNumber_unique" UNIQUE("tracing_number")
);
--> statement-breakpoint
CREATE TABLE "meeting_minutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer NOT NULL,
	"meeting_date" date NOT NULL,
	"kind" text DEFAULT 'board' NOT NULL,
	"title" text NOT NULL,
	"attendees" text DEFAULT '' NOT NULL,
	"decisions" text DEFAULT '' NOT NULL,
	"follow_up_date" date,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_performance_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"product" text NOT NULL,
	"unit" text NOT NULL,
	"production" numeric(24, 2),
	"sales_quantity" numeric(24, 2),
	"sales_value" numeric(24, 0),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer NOT NULL,
	"product" text NOT NULL,
	"unit" text NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"period" text DEFAULT 'annual' NOT NULL,
	"planned" numeric(24, 2),
	"produced" numeric(24, 2),
	"sold" numeric(24, 2),
	"sales_value" numeric(24, 0),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_capacities" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer NOT NULL,
	"product" text NOT NULL,
	"unit" text NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"nominal_capacity" numeric(24, 2) NOT NULL,
	"actual_production" numeric(24, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "codal_infos" ADD CONSTRAINT "codal_infos_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_minutes" ADD CONSTRAINT "meeting_minutes_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_minutes" ADD CONSTRAINT "meeting_minutes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_performance_reports" ADD CONSTRAINT "monthly_performance_reports_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_capacities" ADD CONSTRAINT "production_capacities_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codal_infos_legal_person_id_published_at_index" ON "codal_infos" USING btree ("legal_person_id","published_at");--> statement-breakpoint
CREATE INDEX "codal_infos_published_at_index" ON "codal_infos" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "meeting_minutes_legal_person_id_meeting_date_index" ON "meeting_minutes" USING btree ("legal_person_id","meeting_date");--> statement-breakpoint
CREATE INDEX "meeting_minutes_meeting_date_index" ON "meeting_minutes" USING btree ("meeting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_performance_unique" ON "monthly_performance_reports" USING btree ("legal_person_id","year","month","product");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reports_unique" ON "product_reports" USING btree ("legal_person_id","product","fiscal_year","period");--> statement-breakpoint
CREATE UNIQUE INDEX "production_capacities_unique" ON "production_capacities" USING btree ("legal_person_id","product","fiscal_year");