import {
  type Alert,
  type AlertCondition,
  answerMeetsCondition,
  type SurveyQuestion,
  type SurveyResponses,
} from '@graphium/shared';

// Alert conditions against a completed survey's answers (docs/product-rules.md#alerts; decision 008),
// judged by the shared `answerMeetsCondition` that survey logic uses too (decision 023). A condition
// on a question that is not in the survey never holds.

/** Whether one condition holds for the answers. */
export function conditionHolds(
  condition: AlertCondition,
  question: SurveyQuestion | undefined,
  responses: SurveyResponses,
): boolean {
  if (!question) return false;
  return answerMeetsCondition(
    question,
    responses[condition.surveyQuestionId],
    condition.operator,
    condition.value,
  );
}

/** Whether every condition of the alert holds (an alert fires on all of them, decision 008). */
export function alertFires(alert: Alert, questions: SurveyQuestion[], responses: SurveyResponses): boolean {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (
    alert.conditions.length > 0 &&
    alert.conditions.every((condition) =>
      conditionHolds(condition, byId.get(condition.surveyQuestionId), responses),
    )
  );
}
