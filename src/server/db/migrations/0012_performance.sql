CREATE TABLE "performance_formulas" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_fa" text NOT NULL,
	"text" text NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_formulas_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "performance_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_fa" text NOT NULL,
	"dimension" text NOT NULL,
	"weight" double precision NOT NULL,
	"source_kind" text NOT NULL,
	"source_code" text NOT NULL,
	"scale_min" double precision NOT NULL,
	"scale_max" double precision NOT NULL,
	"higher_is_better" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "performance_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "performance_measure_values" (
	"measure_id" integer NOT NULL,
	"legal_person_id" integer NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"value" double precision NOT NULL,
	"origin" text DEFAULT 'entered' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_measure_values_measure_id_legal_person_id_fiscal_year_pk" PRIMARY KEY("measure_id","legal_person_id","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "performance_measures" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_fa" text NOT NULL,
	"unit_fa" text DEFAULT '' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_measures_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "rating_bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"grade" text NOT NULL,
	"label_fa" text NOT NULL,
	"min_score" double precision NOT NULL,
	CONSTRAINT "rating_bands_grade_unique" UNIQUE("grade")
);
--> statement-breakpoint
ALTER TABLE "performance_measure_values" ADD CONSTRAINT "performance_measure_values_measure_id_performance_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."performance_measures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_measure_values" ADD CONSTRAINT "performance_measure_values_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_measure_values" ADD CONSTRAINT "performance_measure_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performance_measure_values_company_idx" ON "performance_measure_values" USING btree ("fiscal_year","legal_person_id");