import {
  type Alert,
  type AlertCondition,
  type AlertConditionOperator,
  alertSchema,
  type ConditionOperator,
  checkAlertsAgainstQuestions,
  isPropertyCondition,
  notificationChannels,
  operatorNeedsValue,
  parseRecipients,
  propertyConditionSentence,
  type ResponseFilterOperator,
  type SurveyProperty,
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

/** A survey property condition's operators as the form offers them (the list filters', decision 035). */
export const propertyOperatorLabels: Record<ResponseFilterOperator, string> = {
  equals: 'Equals',
  not_equals: 'Does not equal',
  gt: 'Greater than',
  gte: 'At least',
  lt: 'Less than',
  lte: 'At most',
  is: 'Is',
  is_not: 'Is not',
  contains: 'Contains',
  not_contains: 'Does not contain',
  starts_with: 'Starts with',
  ends_with: 'Ends with',
  between: 'Between',
};

/** The form names a condition's subject in one select: a question's id, or `property:{id}`. */
const propertySubjectPrefix = 'property:';

export function propertySubject(propertyId: string): string {
  return `${propertySubjectPrefix}${propertyId}`;
}

/** The property a subject names, or undefined for a question. */
export function readPropertySubject(subject: string): string | undefined {
  return subject.startsWith(propertySubjectPrefix) ? subject.slice(propertySubjectPrefix.length) : undefined;
}

/**
 * A condition as a sentence: "NPS is less than 7", "Plan (property) equals Pro". `valueLabel`
 * names a list item of a ListItem property.
 */
export function conditionSentence(
  condition: AlertCondition,
  questions: SurveyQuestion[],
  properties: readonly SurveyProperty[] = [],
  valueLabel?: string,
): string {
  if (isPropertyCondition(condition)) {
    const property = properties.find((item) => item.id === condition.surveyPropertyId);
    return propertyConditionSentence(property, condition, valueLabel);
  }
  const question = questions.find((item) => item.id === condition.surveyQuestionId);
  const subject = question?.label ?? 'A removed question';
  const phrase = operatorPhrases[condition.operator];
  return condition.operator === 'SENTIMENT_IS' || operatorNeedsValue(condition.operator)
    ? `${subject} ${phrase} ${condition.value}`
    : `${subject} ${phrase}`;
}

const conditionFormSchema = z.object({
  /** A question's id or `property:{id}` (`propertySubject`). */
  subject: z.string(),
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
    conditions: form.conditions.map((condition) => {
      const propertyId = readPropertySubject(condition.subject);
      if (propertyId !== undefined) {
        return {
          kind: 'property' as const,
          surveyPropertyId: propertyId,
          operator: condition.operator as ResponseFilterOperator,
          value: condition.value,
        };
      }
      return {
        surveyQuestionId: condition.subject,
        operator: condition.operator as AlertConditionOperator,
        // docs/product-rules.md#alerts: empty and not-empty conditions store an empty value.
        value: alertOperatorNeedsValue(condition.operator) ? condition.value : '',
      };
    }),
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
 * conditions that fit their questions or properties (`checkAlertsAgainstQuestions`), valid recipients.
 */
export function alertFormSchema(questions: SurveyQuestion[], properties: readonly SurveyProperty[]) {
  return alertFormShape.transform((form, context): Alert => {
    const input = toAlertInput(form);
    let isComplete = true;
    form.conditions.forEach((condition, index) => {
      if (!condition.subject) {
        isComplete = false;
        context.addIssue({
          code: 'custom',
          path: ['conditions', index, 'subject'],
          message: 'Choose a question or a property',
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
      const problems = checkAlertsAgainstQuestions([input as Alert], questions, properties);
      for (const [path, message] of Object.entries(problems)) {
        const [, , , index, field] = path.split('.');
        context.addIssue({
          code: 'custom',
          path: ['conditions', Number(index), conditionFormField(field)],
          message,
        });
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

/** The form field a condition's problem belongs to: the subject select for either id. */
export function conditionFormField(field: string | undefined): 'subject' | 'operator' | 'value' {
  if (field === 'surveyQuestionId' || field === 'surveyPropertyId') return 'subject';
  return field === 'operator' ? 'operator' : 'value';
}

export function emptyCondition(): ConditionFormValues {
  return { subject: '', operator: '', value: '' };
}

export function alertFormValuesOf(alert: Alert | undefined): AlertFormValues {
  return {
    id: alert?.id ?? newId(),
    name: alert?.name ?? '',
    conditions: alert?.conditions.map((condition) => ({
      subject: isPropertyCondition(condition)
        ? propertySubject(condition.surveyPropertyId)
        : condition.surveyQuestionId,
      operator: condition.operator,
      value: condition.value,
    })) ?? [emptyCondition()],
    recipientsText: alert?.recipients.join(', ') ?? '',
    notificationChannels: alert?.notificationChannels ?? ['email'],
    defaultAssigneeId: alert?.defaultAssigneeId ?? '',
    responseHoursText: alert?.responseHours ? String(alert.responseHours) : '',
  };
}
