-- hand-written:
-- Decision 034: the template's totals (property '', value ''), from which a property's "No value"
-- segment is the totals less its values, for the surveys completed before this migration.
INSERT INTO "response_segment_stats" ("template_id", "property_id", "value_key", "question_id", "workspace_id", "value", "count", "composite_count", "composite_sum", "composite_squares")
SELECT s.template_id, '', '', '', min(s.workspace_id::text)::uuid, '', count(*),
  count(s.composite_percentage), coalesce(sum(s.composite_percentage), 0), coalesce(sum(s.composite_percentage * s.composite_percentage), 0)
FROM "surveys" s
WHERE s.state = 'COMPLETE'
GROUP BY s.template_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "response_segment_stats" ("template_id", "property_id", "value_key", "question_id", "workspace_id", "value", "count", "promoters", "passives", "detractors")
SELECT s.template_id, '', '', q ->> 'id', min(s.workspace_id::text)::uuid, '', count(*),
  count(*) FILTER (WHERE (s.responses ->> (q ->> 'id'))::numeric >= 9),
  count(*) FILTER (WHERE (s.responses ->> (q ->> 'id'))::numeric >= 7 AND (s.responses ->> (q ->> 'id'))::numeric < 9),
  count(*) FILTER (WHERE (s.responses ->> (q ->> 'id'))::numeric < 7)
FROM "surveys" s
JOIN "template_versions" v ON v.id = s.template_version_id
CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'questions', '[]'::jsonb)) q
WHERE s.state = 'COMPLETE' AND q ->> 'type' = 'NetPromoterScore' AND jsonb_typeof(s.responses -> (q ->> 'id')) = 'number'
GROUP BY s.template_id, q ->> 'id'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The values of number, date and date-time properties (a number's exact value, a date's day), as
-- a completion adds them (segmentKeyOf).
WITH keyed AS (
  SELECT s.template_id, s.workspace_id, s.composite_percentage AS cp, s.responses, v.definition,
    d ->> 'id' AS property_id, s.properties ->> (d ->> 'id') AS value,
    CASE
      WHEN d ->> 'type' = 'Number' THEN
        CASE WHEN jsonb_typeof(s.properties -> (d ->> 'id')) = 'number' THEN s.properties ->> (d ->> 'id') END
      WHEN jsonb_typeof(s.properties -> (d ->> 'id')) = 'string' AND (s.properties ->> (d ->> 'id')) ~ '^\d{4}-\d{2}-\d{2}'
        THEN left(s.properties ->> (d ->> 'id'), 10)
    END AS value_key
  FROM "surveys" s
  JOIN "template_versions" v ON v.id = s.template_version_id
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'properties', '[]'::jsonb)) d
  WHERE s.state = 'COMPLETE' AND d ->> 'type' IN ('Number', 'Date', 'DateTime')
)
INSERT INTO "response_segment_stats" ("template_id", "property_id", "value_key", "question_id", "workspace_id", "value", "count", "composite_count", "composite_sum", "composite_squares")
SELECT template_id, property_id, value_key, '', min(workspace_id::text)::uuid, min(value), count(*),
  count(cp), coalesce(sum(cp), 0), coalesce(sum(cp * cp), 0)
FROM keyed
WHERE value_key IS NOT NULL
GROUP BY template_id, property_id, value_key
ON CONFLICT DO NOTHING;
--> statement-breakpoint
WITH keyed AS (
  SELECT s.template_id, s.workspace_id, s.responses, v.definition,
    d ->> 'id' AS property_id, s.properties ->> (d ->> 'id') AS value,
    CASE
      WHEN d ->> 'type' = 'Number' THEN
        CASE WHEN jsonb_typeof(s.properties -> (d ->> 'id')) = 'number' THEN s.properties ->> (d ->> 'id') END
      WHEN jsonb_typeof(s.properties -> (d ->> 'id')) = 'string' AND (s.properties ->> (d ->> 'id')) ~ '^\d{4}-\d{2}-\d{2}'
        THEN left(s.properties ->> (d ->> 'id'), 10)
    END AS value_key
  FROM "surveys" s
  JOIN "template_versions" v ON v.id = s.template_version_id
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(v.definition -> 'properties', '[]'::jsonb)) d
  WHERE s.state = 'COMPLETE' AND d ->> 'type' IN ('Number', 'Date', 'DateTime')
)
INSERT INTO "response_segment_stats" ("template_id", "property_id", "value_key", "question_id", "workspace_id", "value", "count", "promoters", "passives", "detractors")
SELECT k.template_id, k.property_id, k.value_key, q ->> 'id', min(k.workspace_id::text)::uuid, min(k.value), count(*),
  count(*) FILTER (WHERE (k.responses ->> (q ->> 'id'))::numeric >= 9),
  count(*) FILTER (WHERE (k.responses ->> (q ->> 'id'))::numeric >= 7 AND (k.responses ->> (q ->> 'id'))::numeric < 9),
  count(*) FILTER (WHERE (k.responses ->> (q ->> 'id'))::numeric < 7)
FROM keyed k
CROSS JOIN LATERAL jsonb_array_elements(coalesce(k.definition -> 'questions', '[]'::jsonb)) q
WHERE k.value_key IS NOT NULL AND q ->> 'type' = 'NetPromoterScore' AND jsonb_typeof(k.responses -> (q ->> 'id')) = 'number'
GROUP BY k.template_id, k.property_id, k.value_key, q ->> 'id'
ON CONFLICT DO NOTHING;
