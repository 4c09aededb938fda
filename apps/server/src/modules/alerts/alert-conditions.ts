import {
  type Alert,
  type AlertCondition,
  answerMeetsCondition,
  type ConditionOperator,
  isPropertyCondition,
  type QuestionAlertCondition,
  type SurveyQuestion,
  type SurveyResponses,
  sentimentConditionOperator,
} from '@graphium/shared';
import { scoreSentiment } from '../text-analytics/text-analysis.service.js';

// Alert conditions against a completed survey's answers (docs/product-rules.md#alerts; decision 008),
// judged by the shared `answerMeetsCondition` that survey logic uses too (decision 023). A condition
// on a question that is not in the survey never holds. A sentiment condition (decision 030) scores
// the text answer with the same function as text analytics, in the survey's language. A condition
// on a survey property (decision 035) is judged beforehand by the list's own SQL
// (`matchSurveyProperties`) and arrives here as a truth.

/** Conditions on survey properties and whether the survey meets each. */
type PropertyTruths = ReadonlyMap<AlertCondition, boolean>;

/** Whether one condition on a question holds for the answers. */
export function conditionHolds(
  condition: QuestionAlertCondition,
  question: SurveyQuestion | undefined,
  responses: SurveyResponses,
  language = 'en',
): boolean {
  if (!question) return false;
  const answer = responses[condition.surveyQuestionId];
  if (condition.operator === sentimentConditionOperator) {
    return typeof answer === 'string' && answer.trim() !== ''
      ? scoreSentiment(answer, language).sentiment === condition.value
      : false;
  }
  return answerMeetsCondition(question, answer, condition.operator as ConditionOperator, condition.value);
}

/** Whether every condition of the alert holds (an alert fires on all of them, decision 008). */
export function alertFires(
  alert: Alert,
  questions: SurveyQuestion[],
  responses: SurveyResponses,
  language = 'en',
  propertyTruths: PropertyTruths = new Map(),
): boolean {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (
    alert.conditions.length > 0 &&
    alert.conditions.every((condition) =>
      isPropertyCondition(condition)
        ? propertyTruths.get(condition) === true
        : conditionHolds(condition, byId.get(condition.surveyQuestionId), responses, language),
    )
  );
}
