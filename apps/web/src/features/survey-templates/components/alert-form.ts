import {
  type Alert,
  type AlertCondition,
  type AlertConditionOperator,
  alertSchema,
  type ConditionOperator,
  checkAlertsAgainstQuestions,
  notificationChannels,
  operatorNeedsValue,
  parseRecipients,
  type SurveyQuestion,
} from '@graphium/shared';
import { z } from 'zod';
import { newId } from './new-id';

export const operatorLabels: Record<AlertConditionOperator, string> = {
  GREATER_THAN: 'Greater than',
  LESS_THAN: 'Less than',
  IS_EQUAL: 'Equals',
  IS_NOT_EQUAL: 'Does not equal',
  IS_EMPTY: 'Is empty',
  IS_NOT_EMPTY: 'Is not empty',
  // Decision 030: a text answer's sentiment.
  SENTIMENT_IS: 'Sentiment is',
};

export const operatorPhrases: Record<AlertConditionOperator, string> = {
  GREATER_THAN: 'is greater than',
  LESS_THAN: 'is less than',
  IS_EQUAL: 'is equal to',
  IS_NOT_EQUAL: 'is not equal to',
  IS_EMPTY: 'is empty',
  IS_NOT_EMPTY: 'is not empty',
  SENTIMENT_IS: 'has a sentiment of',
};

export const channelLabels: Record<(typeof notificationChannels)[number], string> = {
  email: 'Email',
  slack: 'Slack',
};

/** Whether an alert condition's operator takes a value (a sentiment condition takes the sentiment). */
export function alertOperatorNeedsValue(operator: string): boolean {
  return operator === 'SENTIMENT_IS' || operatorNeedsValue(operator as ConditionOperator);
}

/** A condition as a sentence: "NPS is less than 7". */
export function conditionSentence(condition: AlertCondition, questions: SurveyQuestion[]): string {
  const question = questions.find((item) => item.id === condition.surveyQuestionId);
  const subject = question?.label ?? 'A removed question';
  const phrase = operatorPhrases[condition.operator];
  return condition.operator === 'SENTIMENT_IS' || operatorNeedsValue(condition.operator)
    ? `${subject} ${phrase} ${condition.value}`
    : `${subject} ${phrase}`;
}

const conditionFormSchema = z.object({
  surveyQuestionId: z.string(),
  operator: z.string(),
  value: z.union([z.string(), z.number()]),
});

const alertFormShape = z.object({
  id: z.string(),
  name: z.string(),
  conditions: z.array(conditionFormSchema),
  /** docs/product-rules.md#alerts: comma-separated e-mail addresses. */
  recipientsText: z.string(),
  notificationChannels: z.array(z.enum(notificationChannels)),
  /** The case it opens (decision 019): its owner ('' for nobody) and hours to respond ('' for none). */
  defaultAssigneeId: z.string().default(''),
  responseHoursText: z.string().default(''),
});
export type AlertFormValues = z.input<typeof alertFormShape>;
export type ConditionFormValues = AlertFormValues['conditions'][number];

function toAlertInput(form: AlertFormValues) {
  return {
    id: form.id,
    name: form.name,
    conditions: form.conditions.map((condition) => ({
      surveyQuestionId: condition.surveyQuestionId,
      operator: condition.operator as AlertConditionOperator,
      // docs/product-rules.md#alerts: empty and not-empty conditions store an empty value.
      value: alertOperatorNeedsValue(condition.operator) ? condition.value : '',
    })),
    recipients: parseRecipients(form.recipientsText),
    notificationChannels: form.notificationChannels,
    // Left out when not set, so an alert saved without a case target keeps its shape.
    ...(form.defaultAssigneeId ? { defaultAssigneeId: form.defaultAssigneeId } : {}),
    ...(form.responseHoursText?.trim() ? { responseHours: Number(form.responseHoursText) } : {}),
  };
}

/**
 * The Create/Edit Alert form checked with the shared alert rules (docs/product-rules.md#alerts): a name,
 * complete
 * conditions that fit their questions (`checkAlertsAgainstQuestions`), valid recipients.
 */
export function alertFormSchema(questions: SurveyQuestion[]) {
  return alertFormShape.transform((form, context): Alert => {
    const input = toAlertInput(form);
    let isComplete = true;
    form.conditions.forEach((condition, index) => {
      if (!condition.surveyQuestionId) {
        isComplete = false;
        context.addIssue({
          code: 'custom',
          path: ['conditions', index, 'surveyQuestionId'],
          message: 'Choose a question',
        });
      } else if (!condition.operator) {
        isComplete = false;
        context.addIssue({
          code: 'custom',
          path: ['conditions', index, 'operator'],
          message: 'Choose an operator',
        });
      }
    });
    if (isComplete) {
      const problems = checkAlertsAgainstQuestions([input as Alert], questions);
      for (const [path, message] of Object.entries(problems)) {
        const [, , , index, field] = path.split('.');
        context.addIssue({ code: 'custom', path: ['conditions', Number(index), field ?? 'value'], message });
      }
    }
    const parsed = alertSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field] = issue.path;
        if (field === 'recipients') {
          context.addIssue({ code: 'custom', path: ['recipientsText'], message: issue.message });
        } else if (field === 'notificationChannels') {
          context.addIssue({
            code: 'custom',
            path: ['notificationChannels'],
            message: 'Choose at least one notification channel',
          });
        } else if (field === 'responseHours') {
          context.addIssue({ code: 'custom', path: ['responseHoursText'], message: issue.message });
        } else if (field !== 'conditions') {
          context.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
        }
      }
      return z.NEVER;
    }
    return parsed.data;
  });
}

export function emptyCondition(): ConditionFormValues {
  return { surveyQuestionId: '', operator: '', value: '' };
}

export function alertFormValuesOf(alert: Alert | undefined): AlertFormValues {
  return {
    id: alert?.id ?? newId(),
    name: alert?.name ?? '',
    conditions: alert?.conditions.map((condition) => ({ ...condition })) ?? [emptyCondition()],
    recipientsText: alert?.recipients.join(', ') ?? '',
    notificationChannels: alert?.notificationChannels ?? ['email'],
    defaultAssigneeId: alert?.defaultAssigneeId ?? '',
    responseHoursText: alert?.responseHours ? String(alert.responseHours) : '',
  };
}
