CREATE TABLE "financial_statement_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "financial_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"period_months" smallint DEFAULT 12 NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"audited" boolean DEFAULT false NOT NULL,
	"auditor_opinion" text,
	"items" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entry_state" text DEFAULT 'not_started' NOT NULL,
	"checks_passed" boolean DEFAULT false NOT NULL,
	"article_141" boolean,
	"loss" boolean,
	"origin" text DEFAULT 'entered' NOT NULL,
	"source_note" text,
	"filed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_items" (
	"code" text PRIMARY KEY NOT NULL,
	"name_fa" text NOT NULL,
	"statement_kind" text NOT NULL,
	"parent_code" text,
	"sign" smallint DEFAULT 1 NOT NULL,
	"is_total" boolean DEFAULT false NOT NULL,
	"unit" text DEFAULT 'million_irr' NOT NULL,
	"position" integer NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "financial_statement_moves" ADD CONSTRAINT "financial_statement_moves_statement_id_financial_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."financial_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_statement_moves" ADD CONSTRAINT "financial_statement_moves_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_statements" ADD CONSTRAINT "financial_statements_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_items" ADD CONSTRAINT "statement_items_parent_code_statement_items_code_fk" FOREIGN KEY ("parent_code") REFERENCES "public"."statement_items"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financial_statement_moves_statement_id_id_index" ON "financial_statement_moves" USING btree ("statement_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_statements_unique" ON "financial_statements" USING btree ("legal_person_id","fiscal_year","period_months");--> statement-breakpoint
CREATE INDEX "financial_statements_year_state_idx" ON "financial_statements" USING btree ("fiscal_year","period_months","entry_state");--> statement-breakpoint
CREATE INDEX "financial_statements_sort_idx" ON "financial_statements" USING btree ("fiscal_year" DESC,"id");