import type { ConditionOperator, QuestionLogic, SurveyQuestion } from '@graphium/shared';
import { newId } from './new-id';

// The Logic editor's working copy of a question's logic (decision 023), and the logic it saves.

/** `key` tells the rows apart while they are added and removed; it is not saved. */
export type ConditionDraft = {
  key: string;
  questionId: string;
  operator: ConditionOperator | '';
  value: string | number;
};
export type JumpDraft = { key: string; operator: ConditionOperator | ''; value: string | number; to: string };
export type LogicDraft = {
  isConditional: boolean;
  join: 'and' | 'or';
  conditions: ConditionDraft[];
  jumps: JumpDraft[];
};

export const emptyCondition = (): ConditionDraft => ({
  key: newId(),
  questionId: '',
  operator: '',
  value: '',
});
export const emptyJump = (): JumpDraft => ({ key: newId(), operator: '', value: '', to: '' });

export function draftOf(question: SurveyQuestion | undefined): LogicDraft {
  const showIf = question?.logic?.showIf;
  return {
    isConditional: Boolean(showIf?.conditions.length),
    join: showIf?.join ?? 'and',
    conditions: showIf?.conditions.map((condition) => ({ ...condition, key: newId() })) ?? [],
    jumps:
      question?.logic?.jumps?.map((jump) => ({
        key: newId(),
        operator: jump.condition.operator,
        value: jump.condition.value,
        to: jump.to,
      })) ?? [],
  };
}

/** The logic to save; undefined when the question is always shown and has no jumps. */
export function logicOf(draft: LogicDraft): QuestionLogic | undefined {
  const conditions = draft.isConditional ? draft.conditions : [];
  const logic = {
    ...(conditions.length > 0
      ? {
          showIf: {
            join: draft.join,
            conditions: conditions.map((condition) => ({
              questionId: condition.questionId,
              operator: condition.operator as ConditionOperator,
              value: condition.value,
            })),
          },
        }
      : {}),
    ...(draft.jumps.length > 0
      ? {
          jumps: draft.jumps.map((jump) => ({
            condition: { operator: jump.operator as ConditionOperator, value: jump.value },
            to: jump.to,
          })),
        }
      : {}),
  };
  return logic.showIf || logic.jumps ? logic : undefined;
}

/** The question with the new logic (none removes it). */
export function withLogic(question: SurveyQuestion, logic: QuestionLogic | undefined): SurveyQuestion {
  const { logic: _old, ...rest } = question;
  return (logic ? { ...rest, logic } : rest) as SurveyQuestion;
}
