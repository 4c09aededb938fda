CREATE TABLE "text_analytics_backfill" (
	"id" text PRIMARY KEY NOT NULL,
	"last_survey_id" uuid,
	"analysed_count" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "text_answer_analyses" (
	"survey_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"sentiment" text NOT NULL,
	"language" text NOT NULL,
	"score" double precision,
	"terms" text[] NOT NULL,
	CONSTRAINT "text_answer_analyses_survey_id_question_id_pk" PRIMARY KEY("survey_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "text_sentiment_stats" (
	"template_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"sentiment" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "text_sentiment_stats_template_id_question_id_sentiment_pk" PRIMARY KEY("template_id","question_id","sentiment")
);
--> statement-breakpoint
CREATE TABLE "text_term_stats" (
	"template_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"term" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"is_phrase" boolean NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"scored_count" integer DEFAULT 0 NOT NULL,
	"score_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "text_term_stats_template_id_question_id_term_pk" PRIMARY KEY("template_id","question_id","term")
);
--> statement-breakpoint
ALTER TABLE "text_answer_analyses" ADD CONSTRAINT "text_answer_analyses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_sentiment_stats" ADD CONSTRAINT "text_sentiment_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_sentiment_stats" ADD CONSTRAINT "text_sentiment_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_term_stats" ADD CONSTRAINT "text_term_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_term_stats" ADD CONSTRAINT "text_term_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_answer_analyses_terms_idx" ON "text_answer_analyses" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "text_term_stats_top_idx" ON "text_term_stats" USING btree ("template_id","question_id","is_phrase","answer_count" DESC NULLS LAST,"term");--> statement-breakpoint
INSERT INTO "text_analytics_backfill" ("id") VALUES ('surveys');
