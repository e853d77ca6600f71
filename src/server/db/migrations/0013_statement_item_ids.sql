ALTER TABLE "statement_items" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_items" ADD CONSTRAINT "statement_items_id_unique" UNIQUE("id");