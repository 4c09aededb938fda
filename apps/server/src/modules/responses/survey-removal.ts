import { type SurveyResponses, scoreSurvey } from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { loadVersionDefinition, loadVersionLineage } from '../templates/template-versions.service.js';
import { forgetTextAnalyses } from '../text-analytics/text-analytics.service.js';
import {
  AggregateDeltas,
  aggregateTables,
  subtractAggregateRelation,
  subtractAggregates,
} from './aggregate-subtraction.js';
import { answeredQuestionStats, firstNpsAnswer, weekStartOf } from './response-aggregates.service.js';
import { lockedZoneForRemovalOf } from './response-daily-stats.repository.js';
import { compositeQuestionKey } from './response-stats.repository.js';
import { isSegmentTotalsRow, segmentCompletionRows } from './segment-aggregates.js';

// Removing surveys (docs/decisions/043-erasure-and-access-requests.md): the inverse of sending and
// completing them, set-based and in the caller's transaction, for a survey or a response deleted,
// a respondent erased with their answers, and the retention purge's batches.

/** A survey as its removal reads it. */
export interface SurveyToRemove {
  id: string;
  templateId: string;
  templateVersionId: string;
  state: string;
  sentAt: Date;
  completedAt: Date | null;
  responses: SurveyResponses;
  properties: Record<string, string | number | boolean>;
}

/**
 * `= ${anyOfIds(ids)}`: one parameter read once (an init plan), so each table is probed through its
 * index, also inside an `or`, where `in (subquery)` would scan the table.
 */
export const anyOfIds = (ids: readonly string[]) =>
  sql`any(array(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;

/** The workspace's surveys among `surveyIds`, locked for the caller's transaction in id order. */
export async function lockSurveysToRemove(
  db: Executor,
  workspaceId: string,
  surveyIds: readonly string[],
): Promise<SurveyToRemove[]> {
  if (surveyIds.length === 0) return [];
  const rows = await rowsOf<{
    id: string;
    template_id: string;
    template_version_id: string;
    state: string;
    sent_at: string | Date;
    completed_at: string | Date | null;
    responses: SurveyResponses;
    properties: Record<string, string | number | boolean>;
  }>(
    db,
    sql`select id, template_id, template_version_id, state, sent_at, completed_at, responses, properties
        from surveys where workspace_id = ${workspaceId}::uuid and id = ${anyOfIds(surveyIds)}
        order by id for update`,
  );
  return rows.map((row) => ({
    id: row.id,
    templateId: row.template_id,
    templateVersionId: row.template_version_id,
    state: row.state,
    sentAt: new Date(row.sent_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    responses: row.responses ?? {},
    properties: row.properties ?? {},
  }));
}

const isCompleted = (survey: SurveyToRemove) => survey.state === 'COMPLETE' && survey.completedAt !== null;

/**
 * The segment rows of these completed surveys' property values (not the template's totals): what
 * leaves the segment table when the values are erased and the survey stays.
 */
export async function segmentValueDeltas(
  db: Executor,
  workspaceId: string,
  removed: readonly SurveyToRemove[],
): Promise<AggregateDeltas> {
  const deltas = new AggregateDeltas(aggregateTables.segment);
  for (const survey of removed.filter(isCompleted)) {
    const definition = await loadVersionDefinition(db, survey.templateVersionId);
    const score = scoreSurvey(definition, survey.responses);
    for (const row of segmentCompletionRows({
      templateId: survey.templateId,
      workspaceId,
      definition,
      values: survey.properties,
      responses: survey.responses,
      compositePercentage: score.overallPercentage,
    })) {
      if (!isSegmentTotalsRow(row)) deltas.add(toSegmentDelta(row));
    }
  }
  return deltas;
}

function toSegmentDelta(row: ReturnType<typeof segmentCompletionRows>[number]) {
  return {
    template_id: row.templateId,
    property_id: row.propertyId,
    value_key: row.valueKey,
    question_id: row.questionId,
    count: row.count,
    composite_count: row.compositeCount,
    promoters: row.promoters,
    passives: row.passives,
    detractors: row.detractors,
    composite_sum: row.compositeSum,
    composite_squares: row.compositeSquares,
  };
}

/** Every aggregate delta of these surveys: their sending and, when complete, their completion. */
async function removalDeltas(db: Executor, workspaceId: string, removed: readonly SurveyToRemove[]) {
  const template = new AggregateDeltas(aggregateTables.template);
  const question = new AggregateDeltas(aggregateTables.question);
  const answer = new AggregateDeltas(aggregateTables.answer);
  const weekly = new AggregateDeltas(aggregateTables.weekly);
  const benchmark = new AggregateDeltas(aggregateTables.benchmark);
  const segment = new AggregateDeltas(aggregateTables.segment);
  for (const survey of removed) {
    template.add({ template_id: survey.templateId, sent_count: 1 });
    if (!isCompleted(survey)) continue;
    const definition = await loadVersionDefinition(db, survey.templateVersionId);
    const lineage = await loadVersionLineage(db, survey.templateVersionId);
    const score = scoreSurvey(definition, survey.responses);
    const composite = score.overallPercentage;
    template.add({
      template_id: survey.templateId,
      completed_count: 1,
      composite_count: composite === null ? 0 : 1,
      composite_sum: composite ?? 0,
    });
    const questions = answeredQuestionStats(definition, survey.responses, score.questionScores);
    for (const item of questions) {
      question.add({
        template_id: survey.templateId,
        question_id: item.questionId,
        response_count: 1,
        scored_count: item.percentage === null ? 0 : 1,
        percentage_sum: item.percentage ?? 0,
      });
      for (const value of new Set(item.answerValues)) {
        answer.add({
          template_id: survey.templateId,
          question_id: item.questionId,
          answer_value: value,
          count: 1,
        });
      }
    }
    if (composite !== null) {
      weekly.add({
        template_id: survey.templateId,
        week_start: weekStartOf(survey.completedAt!),
        count: 1,
        percentage_sum: composite,
      });
    }
    if (lineage.baseTemplateId) {
      const scored = [
        ...(composite === null ? [] : [{ questionId: compositeQuestionKey, percentage: composite }]),
        ...questions.flatMap((item) =>
          item.percentage === null ? [] : [{ questionId: item.questionId, percentage: item.percentage }],
        ),
      ];
      for (const item of scored) {
        benchmark.add({
          base_template_id: lineage.baseTemplateId,
          question_id: item.questionId,
          workspace_id: workspaceId,
          count: 1,
          percentage_sum: item.percentage,
        });
      }
    }
    for (const row of segmentCompletionRows({
      templateId: survey.templateId,
      workspaceId,
      definition,
      values: survey.properties,
      responses: survey.responses,
      compositePercentage: composite,
    })) {
      segment.add(toSegmentDelta(row));
    }
  }
  return { template, question, answer, weekly, benchmark, segment };
}

/**
 * The daily rows' deltas as a relation: each survey off its sending day (sent, and responded when
 * complete) and a completed one off its completion day, the days cut in the workspace's zone as
 * the writes cut them (decision 035).
 */
async function dailyDeltaRelation(
  db: Executor,
  workspaceId: string,
  removed: readonly SurveyToRemove[],
): Promise<SQL> {
  const rows = [];
  for (const survey of removed) {
    const completed = isCompleted(survey);
    let nps: number | null = null;
    let composite: number | null = null;
    if (completed) {
      const definition = await loadVersionDefinition(db, survey.templateVersionId);
      nps = firstNpsAnswer(definition, survey.responses);
      composite = scoreSurvey(definition, survey.responses).overallPercentage;
    }
    rows.push({
      t: survey.templateId,
      s: survey.sentAt.toISOString(),
      c: completed ? survey.completedAt!.toISOString() : null,
      n: nps,
      p: composite,
    });
  }
  return sql`(with r as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(t uuid, s timestamptz, c timestamptz, n double precision, p double precision)),
        z as (select ${lockedZoneForRemovalOf(workspaceId)} as name)
      select template_id, day, sum(sent_count)::int as sent_count, sum(responded_count)::int as responded_count,
        sum(completed_count)::int as completed_count, sum(promoters)::int as promoters,
        sum(passives)::int as passives, sum(detractors)::int as detractors,
        sum(composite_count)::int as composite_count, sum(composite_sum)::float8 as composite_sum,
        sum(composite_sum_of_squares)::float8 as composite_sum_of_squares
      from (
        select r.t as template_id, (r.s at time zone z.name)::date as day, 1 as sent_count,
          (r.c is not null)::int as responded_count, 0 as completed_count, 0 as promoters, 0 as passives,
          0 as detractors, 0 as composite_count, 0::float8 as composite_sum, 0::float8 as composite_sum_of_squares
        from r cross join z
        union all
        select r.t, (r.c at time zone z.name)::date, 0, 0, 1, coalesce((r.n >= 9)::int, 0),
          coalesce((r.n >= 7 and r.n < 9)::int, 0), coalesce((r.n < 7)::int, 0), (r.p is not null)::int,
          coalesce(r.p, 0), coalesce(r.p * r.p, 0)
        from r cross join z where r.c is not null
      ) counted
      group by template_id, day)`;
}

/**
 * The rows that name these surveys, handled before the surveys go (docs/decisions/043): text
 * analyses leave with their aggregates; reminder sends, alert firings and their cases (with the
 * cases' events) are deleted; outbox messages stay with their status as delivery history but lose
 * the survey, the alert, the address and the content (queued ones are skipped, never sent);
 * webhook events keep only the survey's id.
 */
async function removeReferences(db: Executor, workspaceId: string, removed: readonly SurveyToRemove[]) {
  const ids = anyOfIds(removed.map((survey) => survey.id));
  const completed = removed.filter(isCompleted);
  if (completed.length > 0) {
    await forgetTextAnalyses(
      db,
      completed.map((survey) => survey.id),
      [...new Set(completed.map((survey) => survey.templateId))],
    );
  }
  await db.execute(sql`delete from reminder_sends where survey_id = ${ids}`);
  await redactSurveyMessages(
    db,
    workspaceId,
    removed.map((survey) => survey.id),
    'The survey was removed.',
  );
  await db.execute(sql`
    delete from case_events where case_id = any(array(select id from cases where survey_id = ${ids}))`);
  await db.execute(sql`delete from cases where survey_id = ${ids}`);
  await db.execute(sql`delete from survey_alerts where survey_id = ${ids}`);
}

/**
 * The messages and events of surveys whose personal data goes (removed or erased, decision 043):
 * outbox messages keep their status as delivery history but lose the address and the content
 * (and the survey and the alert when the survey goes) (a queued one is skipped, never sent); webhook events keep only the
 * survey's id.
 */
export async function redactSurveyMessages(
  db: Executor,
  workspaceId: string,
  surveyIds: readonly string[],
  reason: string,
  /** Whether the messages lose their survey and alert too (the survey goes). */
  isDetached = true,
): Promise<void> {
  const ids = anyOfIds(surveyIds);
  const detach = isDetached ? sql`survey_id = null, survey_alert_id = null,` : sql``;
  await db.execute(sql`
    update outbox_messages set
      status = case when status = 'queued' then 'skipped' else status end,
      last_error = case when status = 'queued' then ${reason} else last_error end,
      ${detach} recipient = '', subject = '', text_body = '',
      html_body = null, headers = null, attachments = null, updated_at = now()
    where survey_id = ${ids}
      or survey_alert_id = any(array(select id from survey_alerts where survey_id = ${ids}))`);
  await db.execute(sql`
    update webhook_events set data = jsonb_build_object('surveyId', data->>'surveyId', 'erased', true)
    where workspace_id = ${workspaceId}::uuid
      and data->>'surveyId' = any(array(select jsonb_array_elements_text(${JSON.stringify(surveyIds)}::jsonb)))`);
}

/**
 * Removes the workspace's surveys among `surveyIds` (ids of other workspaces are ignored) and takes
 * them out of every aggregate they are in, in the caller's transaction, as if they had never been
 * sent: template, question, answer, weekly, benchmark, segment and daily stats, text analytics'
 * term and sentiment stats, and the sent counts. Answers how many were removed and how many of
 * them were complete. Meant for batches of up to a few thousand surveys.
 */
export async function removeSurveys(
  db: Executor,
  workspaceId: string,
  surveyIds: readonly string[],
): Promise<{ removed: number; completed: number }> {
  const removed = await lockSurveysToRemove(db, workspaceId, [...new Set(surveyIds)]);
  if (removed.length === 0) return { removed: 0, completed: 0 };
  const deltas = await removalDeltas(db, workspaceId, removed);
  const daily = await dailyDeltaRelation(db, workspaceId, removed);
  // In the order the completing transaction writes them (decision 007: the aggregates, then text
  // analytics, then alerts and cases), so the two cannot deadlock.
  await subtractAggregates(db, deltas.template);
  await subtractAggregates(db, deltas.question);
  await subtractAggregates(db, deltas.answer);
  await subtractAggregates(db, deltas.weekly);
  await subtractAggregates(db, deltas.benchmark);
  await subtractAggregates(db, deltas.segment);
  await subtractAggregateRelation(db, aggregateTables.daily, daily);
  await removeReferences(db, workspaceId, removed);
  await db.execute(sql`delete from surveys where id = ${anyOfIds(removed.map((survey) => survey.id))}`);
  return { removed: removed.length, completed: removed.filter(isCompleted).length };
}
