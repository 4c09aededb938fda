CREATE TABLE "notification_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"slack_webhook_url" text,
	"quiet_hours_start" text DEFAULT '21:00' NOT NULL,
	"quiet_hours_end" text DEFAULT '08:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_contact_days" (
	"workspace_id" uuid NOT NULL,
	"contact" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_contact_days_workspace_id_contact_day_pk" PRIMARY KEY("workspace_id","contact","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"survey_id" uuid NOT NULL,
	"reminder_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_sends_survey_id_reminder_id_pk" PRIMARY KEY("survey_id","reminder_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings_sync" (
	"template_version_id" uuid PRIMARY KEY NOT NULL,
	"reminders_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_answer_stats" (
	"template_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer_value" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "response_answer_stats_template_id_question_id_answer_value_pk" PRIMARY KEY("template_id","question_id","answer_value")
);
--> statement-breakpoint
CREATE TABLE "response_benchmark_stats" (
	"base_template_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "response_benchmark_stats_base_template_id_question_id_workspace_id_pk" PRIMARY KEY("base_template_id","question_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "response_question_stats" (
	"template_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"scored_count" integer DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "response_question_stats_template_id_question_id_pk" PRIMARY KEY("template_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "response_template_stats" (
	"template_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"composite_count" integer DEFAULT 0 NOT NULL,
	"composite_sum" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_weekly_stats" (
	"template_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"workspace_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "response_weekly_stats_template_id_week_start_pk" PRIMARY KEY("template_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "suppressed_contacts" (
	"workspace_id" uuid NOT NULL,
	"contact" text NOT NULL,
	"contact_type" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressed_contacts_workspace_id_contact_pk" PRIMARY KEY("workspace_id","contact")
);
--> statement-breakpoint
CREATE TABLE "survey_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"survey_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version_id" uuid NOT NULL,
	"alert_id" text NOT NULL,
	"alert_name" text NOT NULL,
	"matched_conditions" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "next_reminder_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "composite_percentage" double precision;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "question_scores" jsonb;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "scored_question_count" integer;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_contact_days" ADD CONSTRAINT "reminder_contact_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings_sync" ADD CONSTRAINT "reminder_settings_sync_template_version_id_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_answer_stats" ADD CONSTRAINT "response_answer_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_answer_stats" ADD CONSTRAINT "response_answer_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_benchmark_stats" ADD CONSTRAINT "response_benchmark_stats_base_template_id_templates_id_fk" FOREIGN KEY ("base_template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_benchmark_stats" ADD CONSTRAINT "response_benchmark_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_question_stats" ADD CONSTRAINT "response_question_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_question_stats" ADD CONSTRAINT "response_question_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_template_stats" ADD CONSTRAINT "response_template_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_template_stats" ADD CONSTRAINT "response_template_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_weekly_stats" ADD CONSTRAINT "response_weekly_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_weekly_stats" ADD CONSTRAINT "response_weekly_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressed_contacts" ADD CONSTRAINT "suppressed_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alerts" ADD CONSTRAINT "survey_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alerts" ADD CONSTRAINT "survey_alerts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alerts" ADD CONSTRAINT "survey_alerts_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_alerts" ADD CONSTRAINT "survey_alerts_template_version_id_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_contact_days_created_at_idx" ON "reminder_contact_days" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_alerts_survey_id_alert_id_key" ON "survey_alerts" USING btree ("survey_id","alert_id");--> statement-breakpoint
CREATE INDEX "survey_alerts_workspace_id_created_at_idx" ON "survey_alerts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "surveys_template_id_sent_at_idx" ON "surveys" USING btree ("template_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_template_id_in_progress_idx" ON "surveys" USING btree ("template_id") WHERE "surveys"."state" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "surveys_next_reminder_at_idx" ON "surveys" USING btree ("next_reminder_at") WHERE "surveys"."next_reminder_at" is not null and "surveys"."state" <> 'COMPLETE';