import {
  type ConditionOperator,
  findLogicProblems,
  operatorNeedsValue,
  type QuestionLogic,
  type SurveyQuestion,
} from '@graphium/shared';
import { operatorPhrases } from './alert-form';

// Survey logic as the Questions tab reads it (decision 023): "Shown if Q1 is less than 7", "If
// the answer is equal to “Price”, go to Q5"; and what a reorder or a deletion does to it.

/** The label of a value: a list item's label for list-based questions, else the value itself. */
export type ValueLabeller = (question: SurveyQuestion | undefined, value: string | number) => string;

const plainValue: ValueLabeller = (question, value) =>
  question &&
  (question.type === 'NetPromoterScore' ||
    question.type === 'NumericScale' ||
    question.type === 'StarRatingScale')
    ? String(value)
    : `“${value}”`;

function phrase(
  operator: ConditionOperator,
  value: string | number,
  question: SurveyQuestion | undefined,
  label: ValueLabeller,
): string {
  const words = operatorPhrases[operator];
  return operatorNeedsValue(operator) ? `${words} ${label(question, value)}` : words;
}

/** The sentences of a question's logic, questions named by their number ("Q1"). */
export function logicSentences(
  question: SurveyQuestion,
  questions: readonly SurveyQuestion[],
  label: ValueLabeller = plainValue,
): string[] {
  const nameOf = (questionId: string) => {
    const index = questions.findIndex((item) => item.id === questionId);
    return index === -1 ? 'a removed question' : `Q${index + 1}`;
  };
  const sentences: string[] = [];
  const showIf = question.logic?.showIf;
  if (showIf && showIf.conditions.length > 0) {
    const parts = showIf.conditions.map((condition) => {
      const source = questions.find((item) => item.id === condition.questionId);
      return `${nameOf(condition.questionId)} ${phrase(condition.operator, condition.value, source, label)}`;
    });
    sentences.push(`Shown if ${parts.join(showIf.join === 'or' ? ' or ' : ' and ')}`);
  }
  for (const jump of question.logic?.jumps ?? []) {
    const where = jump.to === 'end' ? 'end the survey' : `go to ${nameOf(jump.to)}`;
    sentences.push(
      `If the answer ${phrase(jump.condition.operator, jump.condition.value, question, label)}, ${where}`,
    );
  }
  return sentences;
}

/** Why the questions' logic does not hold (after a reorder or an edit), or undefined when it does. */
export function firstLogicProblem(questions: readonly SurveyQuestion[]): string | undefined {
  const problem = findLogicProblems(questions)[0];
  return problem?.message;
}

function withoutQuestionInLogic(logic: QuestionLogic, questionId: string): QuestionLogic | undefined {
  const conditions =
    logic.showIf?.conditions.filter((condition) => condition.questionId !== questionId) ?? [];
  const jumps = logic.jumps?.filter((jump) => jump.to !== questionId) ?? [];
  const next: QuestionLogic = {
    ...(logic.showIf && conditions.length > 0 ? { showIf: { ...logic.showIf, conditions } } : {}),
    ...(jumps.length > 0 ? { jumps } : {}),
  };
  return next.showIf || next.jumps ? next : undefined;
}

/** The questions' logic without the conditions on and jumps to a deleted question. */
export function logicWithoutQuestion(
  questions: readonly SurveyQuestion[],
  questionId: string,
): SurveyQuestion[] {
  return questions.map((question) => {
    if (!question.logic) return question;
    const logic = withoutQuestionInLogic(question.logic, questionId);
    const { logic: _old, ...rest } = question;
    return (logic ? { ...rest, logic } : rest) as SurveyQuestion;
  });
}

/** The numbers ("Q2") of the questions whose logic names `questionId`. */
export function questionsUsingInLogic(questions: readonly SurveyQuestion[], questionId: string): string[] {
  return questions.flatMap((question, index) =>
    question.logic?.showIf?.conditions.some((condition) => condition.questionId === questionId) ||
    question.logic?.jumps?.some((jump) => jump.to === questionId)
      ? [`Q${index + 1}`]
      : [],
  );
}
