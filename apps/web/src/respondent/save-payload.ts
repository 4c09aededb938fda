import type { SurveyAnswer, SurveyQuestion, SurveyResponses } from '@graphium/shared';
import { isAnswered } from '@graphium/shared/answer-rules';
import { logicInputIds } from '@graphium/shared/survey-logic';

/**
 * What Next sends (docs/product-rules.md#the-respondent-page: all responses so far, merged by the
 * server): every answered question of the respondent's path, and null for one that was saved
 * before and is now empty or off the path (decision 023: the server refuses answers to hidden
 * questions), so clearing it sticks. The questions the logic reads are always sent, null when
 * unanswered: the server then decides the path from the save alone, without reading the survey.
 */
export function buildSavePayload(
  questions: readonly SurveyQuestion[],
  path: readonly SurveyQuestion[],
  answers: Readonly<Record<string, SurveyAnswer | undefined>>,
  saved: SurveyResponses,
): Record<string, SurveyAnswer | null> {
  const payload: Record<string, SurveyAnswer | null> = {};
  const shown = new Set(path.map((question) => question.id));
  const logicInputs = logicInputIds(questions);
  for (const question of questions) {
    const value = answers[question.id];
    if (shown.has(question.id) && isAnswered(question, value)) payload[question.id] = value as SurveyAnswer;
    else if (Object.hasOwn(saved, question.id) || logicInputs.has(question.id)) payload[question.id] = null;
  }
  return payload;
}
