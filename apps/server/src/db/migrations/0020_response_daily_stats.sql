CREATE TABLE "response_daily_stats" (
	"template_id" uuid NOT NULL,
	"day" date NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"responded_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"promoters" integer DEFAULT 0 NOT NULL,
	"passives" integer DEFAULT 0 NOT NULL,
	"detractors" integer DEFAULT 0 NOT NULL,
	"composite_count" integer DEFAULT 0 NOT NULL,
	"composite_sum" double precision DEFAULT 0 NOT NULL,
	"composite_sum_of_squares" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "response_daily_stats_template_id_day_pk" PRIMARY KEY("template_id","day")
);
--> statement-breakpoint
ALTER TABLE "response_daily_stats" ADD CONSTRAINT "response_daily_stats_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_daily_stats" ADD CONSTRAINT "response_daily_stats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "response_daily_stats_workspace_id_day_idx" ON "response_daily_stats" USING btree ("workspace_id","day");--> statement-breakpoint
-- Backfill (docs/decisions/028-dashboard.md): sent surveys by their sending day (UTC), the complete
-- ones among them as responded; completed surveys by their completion day with the first NPS
-- question of their version's definition they answered, and their composite.
INSERT INTO "response_daily_stats" ("template_id", "day", "workspace_id", "sent_count", "responded_count",
	"completed_count", "promoters", "passives", "detractors", "composite_count", "composite_sum", "composite_sum_of_squares")
SELECT "template_id", "day", "workspace_id", sum("sent")::int, sum("responded")::int, sum("completed")::int,
	sum("promoter")::int, sum("passive")::int, sum("detractor")::int, sum("composite_count")::int,
	coalesce(sum("composite"), 0), coalesce(sum("composite" * "composite"), 0)
FROM (
	SELECT s."template_id", (s."sent_at" AT TIME ZONE 'UTC')::date AS "day", s."workspace_id", 1 AS "sent",
		(s."state" = 'COMPLETE')::int AS "responded", 0 AS "completed", 0 AS "promoter", 0 AS "passive",
		0 AS "detractor", 0 AS "composite_count", NULL::double precision AS "composite"
	FROM "surveys" s
	UNION ALL
	SELECT s."template_id", (s."completed_at" AT TIME ZONE 'UTC')::date, s."workspace_id", 0, 0, 1,
		coalesce((n."answer" >= 9)::int, 0), coalesce((n."answer" >= 7 AND n."answer" < 9)::int, 0),
		coalesce((n."answer" < 7)::int, 0), (s."composite_percentage" IS NOT NULL)::int, s."composite_percentage"
	FROM "surveys" s
	JOIN "template_versions" v ON v."id" = s."template_version_id"
	LEFT JOIN LATERAL (
		SELECT (s."responses" ->> (q.value ->> 'id'))::double precision AS "answer"
		FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v."definition" -> 'questions') = 'array'
			THEN v."definition" -> 'questions' ELSE '[]'::jsonb END) WITH ORDINALITY AS q(value, position)
		WHERE q.value ->> 'type' = 'NetPromoterScore'
			AND jsonb_typeof(s."responses" -> (q.value ->> 'id')) = 'number'
		ORDER BY q.position
		LIMIT 1
	) n ON true
	WHERE s."state" = 'COMPLETE' AND s."completed_at" IS NOT NULL
) counted
GROUP BY "template_id", "day", "workspace_id";
