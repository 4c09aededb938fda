CREATE TABLE "case_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigserial NOT NULL,
	"case_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_account_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"survey_alert_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_account_id" uuid,
	"due_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_survey_alert_id_survey_alerts_id_fk" FOREIGN KEY ("survey_alert_id") REFERENCES "public"."survey_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assignee_account_id_accounts_id_fk" FOREIGN KEY ("assignee_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_case_id_created_at_idx" ON "case_events" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "case_events_reply_failed_key" ON "case_events" USING btree ("case_id",("details"->>'outboxId')) WHERE "case_events"."type" = 'reply_failed';--> statement-breakpoint
CREATE UNIQUE INDEX "cases_survey_alert_id_key" ON "cases" USING btree ("survey_alert_id");--> statement-breakpoint
CREATE INDEX "cases_workspace_id_opened_at_idx" ON "cases" USING btree ("workspace_id","opened_at");--> statement-breakpoint
CREATE INDEX "cases_survey_id_idx" ON "cases" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "cases_due_idx" ON "cases" USING btree ("due_at") WHERE "cases"."escalated_at" is null and "cases"."status" in ('open', 'in_progress');