import { z } from 'zod';
import { conditionOperators } from './answer-conditions.js';

// The schema of a question's survey logic (decision 023), beside the definition that holds it.

/** The value a condition compares with: a number for scales, an option or text otherwise. */
const conditionValue = z.union([
  z.string().trim().max(500, 'A value must be at most 500 characters'),
  z.number(),
]);
const conditionOperatorEnum = z.enum(conditionOperators, { error: 'Choose an operator' });

/** The end of the survey as a jump's target. */
export const endOfSurvey = 'end';

/**
 * Survey logic of a question (decision 023): shown only when its conditions on earlier answers
 * hold (all of them with `and`, any with `or`), and jumps on its own answer to a later question
 * or the end. The operators are the alerts' (docs/product-rules.md#alerts) by question type.
 */
export const questionLogicSchema = z.object({
  showIf: z
    .object({
      join: z.enum(['and', 'or']).default('and'),
      conditions: z
        .array(
          z.object({
            questionId: z.uuid('Choose a question'),
            operator: conditionOperatorEnum,
            value: conditionValue.default(''),
          }),
        )
        .min(1, 'Add at least one condition')
        .max(20, 'At most 20 conditions'),
    })
    .optional(),
  jumps: z
    .array(
      z.object({
        condition: z.object({ operator: conditionOperatorEnum, value: conditionValue.default('') }),
        to: z.union([z.uuid('Choose a question'), z.literal(endOfSurvey)], { error: 'Choose where to go' }),
      }),
    )
    .max(20, 'At most 20 jumps')
    .optional(),
});
export type QuestionLogic = z.output<typeof questionLogicSchema>;
export type LogicCondition = NonNullable<QuestionLogic['showIf']>['conditions'][number];
