ALTER TABLE "outbox_messages" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
-- Messages claimed before this column existed may have left: they keep ending as failed, never sent twice.
UPDATE "outbox_messages" SET "handed_over_at" = "updated_at" WHERE "status" = 'sending';
