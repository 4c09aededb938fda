ALTER TABLE "webhooks" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE INDEX "surveys_workspace_id_sent_at_idx" ON "surveys" USING btree ("workspace_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_events_occurred_at_idx" ON "webhook_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" USING btree ("event_id");