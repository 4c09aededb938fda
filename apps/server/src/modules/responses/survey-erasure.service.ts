import {
  isAnswered,
  isTextQuestionType,
  readOtherAnswer,
  type SurveyDefinition,
  type SurveyResponses,
  toOtherAnswer,
} from '@graphium/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { forgetTextAnalyses } from '../text-analytics/text-analytics.service.js';
import { AggregateDeltas, aggregateTables, subtractAggregates } from './aggregate-subtraction.js';
import { anyOfIds, lockSurveysToRemove, redactSurveyMessages, segmentValueDeltas } from './survey-removal.js';

// Erasing a respondent but keeping their scale and choice answers as anonymous figures
// (docs/decisions/043-erasure-and-access-requests.md): the surveys stay, without contact methods,
// property values, free-text answers or the text of "Other" answers, and the aggregates lose only
// what those fed (segments by property value, text questions' answer counts, text analytics), so
// summaries and benchmarks of scores and choices do not move.

/** The answers kept: no free-text answer, and "Other" answers without their text. */
function anonymousResponses(definition: SurveyDefinition, responses: SurveyResponses): SurveyResponses {
  const kept: SurveyResponses = {};
  const questions = new Map(definition.questions.map((question) => [question.id, question]));
  for (const [questionId, answer] of Object.entries(responses)) {
    const question = questions.get(questionId);
    // An answer to no question of the version is nobody's figure: it goes.
    if (!question || isTextQuestionType(question.type)) continue;
    if (typeof answer === 'string' && readOtherAnswer(answer) !== undefined)
      kept[questionId] = toOtherAnswer('');
    else if (Array.isArray(answer)) {
      kept[questionId] = answer.map((value) =>
        typeof value === 'string' && readOtherAnswer(value) !== undefined ? toOtherAnswer('') : value,
      ) as SurveyResponses[string];
    } else kept[questionId] = answer;
  }
  return kept;
}

/**
 * Erases the personal data of the workspace's surveys among `surveyIds`, keeping their scale and
 * choice answers, in the caller's transaction. Answers how many surveys it erased.
 */
export async function eraseSurveyPersonalData(
  db: Executor,
  workspaceId: string,
  surveyIds: readonly string[],
): Promise<number> {
  const erased = await lockSurveysToRemove(db, workspaceId, [...new Set(surveyIds)]);
  if (erased.length === 0) return 0;
  const questions = new AggregateDeltas(aggregateTables.question);
  const updates: { id: string; responses: SurveyResponses }[] = [];
  for (const survey of erased) {
    const definition = await loadVersionDefinition(db, survey.templateVersionId);
    updates.push({ id: survey.id, responses: anonymousResponses(definition, survey.responses) });
    if (survey.state !== 'COMPLETE') continue;
    for (const question of definition.questions) {
      if (!isTextQuestionType(question.type) || !Object.hasOwn(survey.responses, question.id)) continue;
      if (!isAnswered(question, survey.responses[question.id])) continue;
      questions.add({ template_id: survey.templateId, question_id: question.id, response_count: 1 });
    }
  }
  // In the completing transaction's order: question stats, segments, then text analytics.
  await subtractAggregates(db, questions);
  await subtractAggregates(db, await segmentValueDeltas(db, workspaceId, erased));
  const completed = erased.filter((survey) => survey.state === 'COMPLETE');
  if (completed.length > 0) {
    await forgetTextAnalyses(
      db,
      completed.map((survey) => survey.id),
      [...new Set(completed.map((survey) => survey.templateId))],
    );
  }
  const ids = anyOfIds(erased.map((survey) => survey.id));
  await redactSurveyMessages(
    db,
    workspaceId,
    erased.map((survey) => survey.id),
    'The respondent was erased.',
    false,
  );
  // Alerts keep their firing, not the values that matched; cases keep their history, not its words.
  await db.execute(sql`update survey_alerts set matched_conditions = '[]'::jsonb where survey_id = ${ids}`);
  await db.execute(sql`
    update case_events set details = '{"erased": true}'::jsonb
    where case_id = any(array(select id from cases where survey_id = ${ids}))
      and type in ('note', 'reply_sent', 'reply_failed')`);
  await db.execute(sql`
    update surveys s set contact_methods = '[]'::jsonb, properties = '{}'::jsonb, contact_id = null,
      responses = r.responses, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as r(id uuid, responses jsonb)
    where s.id = r.id`);
  return erased.length;
}
