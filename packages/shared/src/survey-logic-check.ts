import { type ConditionOperator, type ConditionQuestion, conditionProblem } from './answer-conditions.js';

// Logic may only point forwards (decision 023): a display condition reads an earlier question's
// answer, a jump goes to a later question or the end. Each problem names the question whose logic
// is wrong, so a 400 says which one; the editor offers only what passes.

/** The fields of a question its logic's rules read (the definition's module imports this one). */
interface LogicQuestion extends ConditionQuestion {
  id: string;
  label: string;
  logic?: {
    showIf?: { conditions: { questionId: string; operator: ConditionOperator; value?: unknown }[] };
    jumps?: { condition: { operator: ConditionOperator; value?: unknown }; to: string }[];
  };
}

export interface LogicProblem {
  /** Below `questions`: `[2, 'logic', 'jumps', 0, 'to']`. */
  path: (string | number)[];
  message: string;
}

export function findLogicProblems(questions: readonly LogicQuestion[]): LogicProblem[] {
  const positions = new Map(questions.map((question, index) => [question.id, index]));
  const problems: LogicProblem[] = [];
  questions.forEach((question, index) => {
    const of = `Logic of "${question.label}"`;
    question.logic?.showIf?.conditions.forEach((condition, conditionIndex) => {
      const path = [index, 'logic', 'showIf', 'conditions', conditionIndex];
      const position = positions.get(condition.questionId);
      if (position === undefined) {
        problems.push({
          path: [...path, 'questionId'],
          message: `${of}: a condition uses a question that is not in the survey`,
        });
        return;
      }
      const source = questions[position]!;
      if (position >= index) {
        problems.push({
          path: [...path, 'questionId'],
          message: `${of}: a condition can only use an earlier question, not "${source.label}"`,
        });
        return;
      }
      const problem = conditionProblem(source, condition.operator, condition.value);
      if (problem) {
        problems.push({
          path: [...path, problem.field],
          message: `${of}: ${problem.message} (condition on "${source.label}")`,
        });
      }
    });
    question.logic?.jumps?.forEach((jump, jumpIndex) => {
      const path = [index, 'logic', 'jumps', jumpIndex];
      const problem = conditionProblem(question, jump.condition.operator, jump.condition.value);
      if (problem) {
        problems.push({ path: [...path, 'condition', problem.field], message: `${of}: ${problem.message}` });
      }
      if (jump.to === 'end') return;
      const target = positions.get(jump.to);
      if (target === undefined) {
        problems.push({
          path: [...path, 'to'],
          message: `${of}: a jump goes to a question that is not in the survey`,
        });
      } else if (target <= index) {
        problems.push({
          path: [...path, 'to'],
          message: `${of}: a jump can only go to a later question, not "${questions[target]!.label}"`,
        });
      }
    });
  });
  return problems;
}
