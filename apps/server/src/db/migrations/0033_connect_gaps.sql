ALTER TABLE "contact_imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE INDEX "surveys_workspace_id_sent_at_idx" ON "surveys" USING btree ("workspace_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);