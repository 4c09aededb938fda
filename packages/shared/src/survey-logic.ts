import { answerMeetsCondition } from './answer-conditions.js';
import type { LogicCondition } from './question-logic-schema.js';
import type { SurveyQuestion } from './survey-definition.js';

// The respondent's path through a survey with logic (decision 023). The server judges answers
// with it and the respondent page walks it, so both agree on what is shown. Pure and free of zod:
// the page bundles it as `@graphium/shared/survey-logic`.
//
// The path starts at the first question; a question whose display conditions fail is skipped; a
// shown question's first jump whose condition its answer meets goes to its target (a later
// question, or the end). Conditions read only answers of questions already on the path, so an
// answer left behind on a question the path no longer shows changes nothing.

type Answers = Readonly<Record<string, unknown>>;
type PathQuestion = Pick<SurveyQuestion, 'id' | 'type'> & {
  active?: boolean;
  logic?: SurveyQuestion['logic'];
};

const endOfSurvey = 'end';

/** Whether any question carries logic: without, the path is every active question in order. */
export function hasSurveyLogic(questions: readonly PathQuestion[]): boolean {
  return questions.some(
    (question) =>
      (question.logic?.showIf?.conditions.length ?? 0) > 0 || (question.logic?.jumps?.length ?? 0) > 0,
  );
}

/**
 * The questions whose answers the path reads: those display conditions look at, and those with
 * jumps. A save that gives (or clears) every one of them decides the path on its own.
 */
export function logicInputIds(questions: readonly PathQuestion[]): Set<string> {
  const ids = new Set<string>();
  for (const question of questions) {
    for (const condition of question.logic?.showIf?.conditions ?? []) ids.add(condition.questionId);
    if ((question.logic?.jumps?.length ?? 0) > 0) ids.add(question.id);
  }
  return ids;
}

function conditionHolds(
  condition: LogicCondition,
  byId: ReadonlyMap<string, PathQuestion>,
  answerOf: (questionId: string) => unknown,
): boolean {
  const source = byId.get(condition.questionId);
  if (!source)
    return answerMeetsCondition({ type: 'ShortTextEntry' }, undefined, condition.operator, condition.value);
  return answerMeetsCondition(source, answerOf(condition.questionId), condition.operator, condition.value);
}

/** The questions the respondent's path shows for these answers, in order. */
export function surveyPath<Question extends PathQuestion>(
  questions: readonly Question[],
  answers: Answers,
): Question[] {
  if (!hasSurveyLogic(questions)) return questions.filter((question) => question.active !== false);
  const positions = new Map(questions.map((question, index) => [question.id, index]));
  const byId = new Map<string, PathQuestion>(questions.map((question) => [question.id, question]));
  const onPath = new Set<string>();
  const answerOf = (questionId: string) => (onPath.has(questionId) ? answers[questionId] : undefined);
  const path: Question[] = [];
  let index = 0;
  while (index < questions.length) {
    const question = questions[index]!;
    const showIf = question.logic?.showIf;
    const isShown =
      question.active !== false &&
      (!showIf ||
        showIf.conditions.length === 0 ||
        (showIf.join === 'or'
          ? showIf.conditions.some((condition) => conditionHolds(condition, byId, answerOf))
          : showIf.conditions.every((condition) => conditionHolds(condition, byId, answerOf))));
    if (!isShown) {
      index += 1;
      continue;
    }
    path.push(question);
    onPath.add(question.id);
    const jump = question.logic?.jumps?.find((item) =>
      answerMeetsCondition(question, answers[question.id], item.condition.operator, item.condition.value),
    );
    if (!jump) {
      index += 1;
    } else if (jump.to === endOfSurvey) {
      break;
    } else {
      const target = positions.get(jump.to);
      // Only forwards (the definition's rules refuse anything else): a stale target moves on by one.
      index = target !== undefined && target > index ? target : index + 1;
    }
  }
  return path;
}

/** The question after `currentId` on the path, or undefined when the path ends there. */
export function nextOnPath<Question extends PathQuestion>(
  questions: readonly Question[],
  answers: Answers,
  currentId: string,
): Question | undefined {
  const path = surveyPath(questions, answers);
  const position = path.findIndex((question) => question.id === currentId);
  return position === -1 ? undefined : path[position + 1];
}

/** The question before `currentId` on the path (Previous goes back along it), or undefined. */
export function previousOnPath<Question extends PathQuestion>(
  questions: readonly Question[],
  answers: Answers,
  currentId: string,
): Question | undefined {
  const path = surveyPath(questions, answers);
  const position = path.findIndex((question) => question.id === currentId);
  return position > 0 ? path[position - 1] : undefined;
}

/**
 * The questions with an answer in `answers` that the path does not show: the server drops those
 * answers (a changed earlier answer hid them) and refuses new ones.
 */
export function answeredOffPath(questions: readonly PathQuestion[], answers: Answers): string[] {
  if (!hasSurveyLogic(questions)) return [];
  const shown = new Set(surveyPath(questions, answers).map((question) => question.id));
  return questions
    .filter((question) => !shown.has(question.id) && Object.hasOwn(answers, question.id))
    .map((question) => question.id);
}

/**
 * The active questions, with jumps that went to an inactive question sent on to the first active
 * question after it (or the end): the respondent page never sees inactive questions.
 */
export function activeQuestions<Question extends PathQuestion>(questions: readonly Question[]): Question[] {
  const active = questions.filter((question) => question.active !== false);
  if (active.length === questions.length || !active.some((question) => question.logic?.jumps?.length)) {
    return active;
  }
  const activeIds = new Set(active.map((question) => question.id));
  const positions = new Map(questions.map((question, index) => [question.id, index]));
  const retarget = (to: string) => {
    if (to === endOfSurvey || activeIds.has(to)) return to;
    const from = positions.get(to);
    if (from === undefined) return to;
    return questions.slice(from + 1).find((question) => activeIds.has(question.id))?.id ?? endOfSurvey;
  };
  return active.map((question) => {
    const jumps = question.logic?.jumps;
    if (!jumps?.some((jump) => !activeIds.has(jump.to) && jump.to !== endOfSurvey)) return question;
    return {
      ...question,
      logic: { ...question.logic, jumps: jumps.map((jump) => ({ ...jump, to: retarget(jump.to) })) },
    };
  });
}
