CREATE TABLE "summary_question_numbers" (
	"template_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"number" smallint NOT NULL,
	CONSTRAINT "summary_question_numbers_template_id_question_id_pk" PRIMARY KEY("template_id","question_id"),
	CONSTRAINT "summary_question_numbers_template_id_number_key" UNIQUE("template_id","number")
);
--> statement-breakpoint
CREATE TABLE "survey_summary_rows" (
	"survey_id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"composite_percentage" double precision,
	"scores" double precision[] NOT NULL,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "summary_question_numbers" ADD CONSTRAINT "summary_question_numbers_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_summary_rows" ADD CONSTRAINT "survey_summary_rows_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_summary_rows_template_id_sent_at_idx" ON "survey_summary_rows" USING btree ("template_id","sent_at");--> statement-breakpoint
CREATE INDEX "surveys_template_id_sent_at_open_idx" ON "surveys" USING btree ("template_id","sent_at") WHERE "surveys"."state" <> 'COMPLETE';--> statement-breakpoint
-- hand-written:
-- Decision 046: the question numbers and narrow rows of the surveys completed before this
-- migration, by the statements a completion runs (summary-rows.repository.ts) over every survey.
INSERT INTO "summary_question_numbers" ("template_id", "question_id", "number")
SELECT q.template_id, q.question_id,
  coalesce((SELECT max(n.number) FROM "summary_question_numbers" n WHERE n.template_id = q.template_id), 0)
    + row_number() OVER (PARTITION BY q.template_id ORDER BY q.first_version, q.first_position)
FROM (
  SELECT v.template_id, d.value ->> 'id' AS question_id, min(v.version_number) AS first_version,
    min(d.position) AS first_position
  FROM "template_versions" v
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'questions', '[]'::jsonb))
    WITH ORDINALITY AS d(value, position)
  WHERE v.id IN (SELECT DISTINCT s.template_version_id FROM "surveys" s WHERE s.state = 'COMPLETE')
    AND NOT EXISTS (SELECT 1 FROM "summary_question_numbers" n
      WHERE n.template_id = v.template_id AND n.question_id = d.value ->> 'id')
  GROUP BY 1, 2
) q
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "survey_summary_rows" ("survey_id", "template_id", "sent_at", "completed_at", "composite_percentage", "scores", "answers")
SELECT s.id, s.template_id, s.sent_at, s.completed_at, s.composite_percentage,
  (WITH sc AS (SELECT n.number, (e ->> 'percentage')::float8 AS percentage
      FROM jsonb_array_elements(coalesce(s.question_scores, '[]'::jsonb)) e
      JOIN "summary_question_numbers" n ON n.template_id = s.template_id AND n.question_id = e ->> 'questionId')
    SELECT coalesce(array_agg((SELECT sc.percentage FROM sc WHERE sc.number = g.number LIMIT 1) ORDER BY g.number), '{}')
    FROM generate_series(1, (SELECT coalesce(max(sc.number), 0) FROM sc)) AS g(number)),
  (SELECT coalesce(jsonb_object_agg(n.number::text,
      CASE WHEN q.value ->> 'type' IN ('ShortTextEntry', 'LongTextEntry') THEN 'true'::jsonb ELSE s.responses -> n.question_id END), '{}'::jsonb)
    FROM jsonb_array_elements(coalesce(v.definition -> 'questions', '[]'::jsonb)) q
    JOIN "summary_question_numbers" n ON n.template_id = s.template_id AND n.question_id = q.value ->> 'id'
    WHERE s.responses -> n.question_id IS NOT NULL
      AND (q.value ->> 'type' NOT IN ('ShortTextEntry', 'LongTextEntry') OR (CASE jsonb_typeof(s.responses -> n.question_id)
        WHEN 'string' THEN btrim((s.responses -> n.question_id) #>> '{}') <> ''
        WHEN 'array' THEN jsonb_array_length(s.responses -> n.question_id) > 0
        WHEN 'number' THEN true
        WHEN 'boolean' THEN (s.responses -> n.question_id) = 'true'::jsonb
        WHEN 'object' THEN (s.responses -> n.question_id) <> '{}'::jsonb
        ELSE false END)))
FROM "surveys" s
JOIN "template_versions" v ON v.id = s.template_version_id
WHERE s.state = 'COMPLETE'
ON CONFLICT ("survey_id") DO NOTHING;
