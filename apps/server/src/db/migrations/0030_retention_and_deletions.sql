CREATE TABLE "workspace_retention" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"response_months" integer,
	"unanswered_survey_days" integer,
	"outbox_body_days" integer DEFAULT 30 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_report" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deletion_requested_by_account_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_retention" ADD CONSTRAINT "workspace_retention_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_body_kept_idx" ON "outbox_messages" USING btree ("workspace_id","created_at") WHERE "outbox_messages"."text_body" <> '';--> statement-breakpoint
CREATE INDEX "workspaces_deletion_due_at_idx" ON "workspaces" USING btree ("deletion_due_at") WHERE "workspaces"."deletion_due_at" is not null;