ALTER TABLE "legal_persons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "true_persons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;