CREATE TABLE "response_segment_stats" (
	"template_id" uuid NOT NULL,
	"property_id" text NOT NULL,
	"value_key" text NOT NULL,
	"question_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"composite_count" integer DEFAULT 0 NOT NULL,
	"composite_sum" double precision DEFAULT 0 NOT NULL,
	"composite_squares" double precision DEFAULT 0 NOT NULL,
	"promoters" integer DEFAULT 0 NOT NULL,
	"passives" integer DEFAULT 0 NOT NULL,
	"detractors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "response_segment_stats_template_id_property_id_value_key_question_id_pk" PRIMARY KEY("template_id","property_id","value_key","question_id")
);
--> statement-breakpoint
ALTER TABLE "response_segment_stats" ADD CONSTRAINT "response_segment_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_segment_stats" ADD CONSTRAINT "response_segment_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Surveys completed before this migration, as their completions would have added them ('' for no value).
INSERT INTO "response_segment_stats" ("template_id", "property_id", "value_key", "question_id", "workspace_id", "value", "count", "composite_count", "composite_sum", "composite_squares")
SELECT s.template_id, d ->> 'id', coalesce(lower(nullif(s.properties ->> (d ->> 'id'), '')), ''), '', min(s.workspace_id::text)::uuid,
  coalesce(min(nullif(s.properties ->> (d ->> 'id'), '')), ''), count(*),
  count(s.composite_percentage), coalesce(sum(s.composite_percentage), 0), coalesce(sum(s.composite_percentage * s.composite_percentage), 0)
FROM "surveys" s
JOIN "template_versions" v ON v.id = s.template_version_id
CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'properties', '[]'::jsonb)) d
WHERE s.state = 'COMPLETE' AND d ->> 'type' IN ('Text', 'ListItem', 'Boolean')
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "response_segment_stats" ("template_id", "property_id", "value_key", "question_id", "workspace_id", "value", "count", "promoters", "passives", "detractors")
SELECT s.template_id, d ->> 'id', coalesce(lower(nullif(s.properties ->> (d ->> 'id'), '')), ''), q ->> 'id', min(s.workspace_id::text)::uuid,
  coalesce(min(nullif(s.properties ->> (d ->> 'id'), '')), ''), count(*),
  count(*) FILTER (WHERE (s.responses ->> (q ->> 'id'))::numeric >= 9),
  count(*) FILTER (WHERE (s.responses ->> (q ->> 'id'))::numeric >= 7 AND (s.responses ->> (q ->> 'id'))::numeric < 9),
  count(*) FILTER (WHERE (s.responses ->> (q ->> 'id'))::numeric < 7)
FROM "surveys" s
JOIN "template_versions" v ON v.id = s.template_version_id
CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'properties', '[]'::jsonb)) d
CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'questions', '[]'::jsonb)) q
WHERE s.state = 'COMPLETE' AND d ->> 'type' IN ('Text', 'ListItem', 'Boolean')
  AND q ->> 'type' = 'NetPromoterScore' AND jsonb_typeof(s.responses -> (q ->> 'id')) = 'number'
GROUP BY 1, 2, 3, 4;
