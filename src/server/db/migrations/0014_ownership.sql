CREATE TABLE "company_state_class" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"state_share" numeric(12, 9),
	"state_class" text NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	"computed_for" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "structure_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_ids" integer[] DEFAULT '{}' NOT NULL,
	"effective_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shareholdings" ALTER COLUMN "share_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholdings" ALTER COLUMN "percentage" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholdings" ADD COLUMN "directness" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholdings" ADD COLUMN "interest_type" text DEFAULT 'shareholding' NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholdings" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "legal_persons" ADD COLUMN "is_state_entity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_state_class" ADD CONSTRAINT "company_state_class_company_id_legal_persons_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_drafts" ADD CONSTRAINT "structure_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_drafts" ADD CONSTRAINT "structure_drafts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_state_class_state_class_index" ON "company_state_class" USING btree ("state_class");--> statement-breakpoint
CREATE INDEX "structure_drafts_status_index" ON "structure_drafts" USING btree ("status");--> statement-breakpoint
-- the state entities of a database seeded before this migration: the ministries and the state holdings
UPDATE "legal_persons" SET "is_state_entity" = true WHERE "kind" = 'ministry' OR ("kind" = 'holding' AND "ownership_type" = 'دولتی');
--> statement-breakpoint
-- A counter that moves whenever what the ownership graph is built from changes (holdings, the
-- state flag, a person deleted or restored), so every server process knows its cached graph is
-- stale (server/modules/ownership/store.ts).
CREATE TABLE "ownership_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 0 NOT NULL,
	-- the version and day company_state_class was last computed for
	"classes_version" bigint DEFAULT -1 NOT NULL,
	"classes_day" date
);
--> statement-breakpoint
INSERT INTO "ownership_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_ownership_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "ownership_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shareholdings_ownership_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shareholdings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_ownership_version"();
--> statement-breakpoint
CREATE TRIGGER "legal_persons_ownership_version" AFTER UPDATE OF "is_state_entity", "deleted_at" OR DELETE ON "legal_persons"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_ownership_version"();
--> statement-breakpoint
CREATE TRIGGER "true_persons_ownership_version" AFTER UPDATE OF "deleted_at" OR DELETE ON "true_persons"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_ownership_version"();
