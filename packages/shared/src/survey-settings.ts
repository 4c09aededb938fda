import { z } from 'zod';
import { propertyAlertConditionSchema, propertyConditionProblem } from './alert-property-conditions.js';
import { scaleRange } from './answer-conditions.js';
import type { SurveyProperty, SurveyQuestion } from './survey-definition.js';
import { alertConditionOperators, alertConditionProblem } from './text-analytics.js';

export const periods = ['hours', 'days', 'weeks', 'months'] as const;
export const periodSchema = z.enum(periods, { error: 'Unit is required' });
export type Period = z.infer<typeof periodSchema>;

/**
 * docs/product-rules.md#survey-templates-and-versions: a survey expires 30 days after it is sent unless the
 * settings say otherwise.
 */
const defaultExpiration = { duration: 30, period: 'days' } as const;
export const defaultReminderMessage = 'Please complete the survey...';

export const expirationSchema = z.object({
  duration: z
    .number({ error: 'Duration must be a number' })
    .int('Duration must be a whole number')
    .min(1, 'Duration must be at least 1')
    .max(1000, 'Duration must be at most 1000'),
  period: periodSchema,
});

/**
 * docs/product-rules.md#survey-templates-and-versions: a reminder's duration is required, numeric, above 0
 * and at most 365.
 */
export const reminderDurationSchema = z
  .number({ error: 'Duration must be a number' })
  .gt(0, 'Duration must be greater than 0')
  .max(365, 'Duration cannot exceed 365');

export const reminderEvents = ['sent', 'opened'] as const;

export const reminderSchema = z.object({
  id: z.uuid(),
  duration: reminderDurationSchema,
  period: periodSchema,
  event: z.enum(reminderEvents).default('sent'),
  message: z
    .string()
    .trim()
    .max(1000, 'The message must be at most 1000 characters')
    .default('')
    .overwrite((message) => message || defaultReminderMessage),
});
export type Reminder = z.output<typeof reminderSchema>;

/** An alert condition's operator: survey logic's, and the sentiment of a text answer (decision 030). */
export const alertConditionOperatorSchema = z.enum(alertConditionOperators);

/**
 * Clamps a typed number into the question's range (docs/product-rules.md#survey-templates-and-versions, alert
 * and filter values).
 */
export function clampToScale(question: SurveyQuestion, value: number): number {
  const range = scaleRange(question);
  return range ? Math.min(range.max, Math.max(range.min, value)) : value;
}

export const notificationChannels = ['email', 'slack'] as const;

const questionAlertConditionSchema = z.object({
  /** Absent on conditions saved before property conditions existed: a question is the default. */
  kind: z.literal('question').optional(),
  surveyQuestionId: z.uuid('Choose a question'),
  operator: alertConditionOperatorSchema,
  value: z.union([z.string().max(500), z.number()]).default(''),
});
export type QuestionAlertCondition = z.infer<typeof questionAlertConditionSchema>;

/** A condition on an answer, or on a survey property (`kind: "property"`, decision 035). */
const alertConditionSchema = z.discriminatedUnion(
  'kind',
  [questionAlertConditionSchema, propertyAlertConditionSchema],
  { error: 'A condition is on a question or, with kind "property", on a survey property' },
);
export type AlertCondition = z.infer<typeof alertConditionSchema>;

export function isPropertyCondition(
  condition: AlertCondition,
): condition is z.infer<typeof propertyAlertConditionSchema> {
  return condition.kind === 'property';
}

const recipientSchema = z.string().trim().toLowerCase().pipe(z.email('Please enter valid email addresses'));

export const alertSchema = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string({ error: 'Alert name is required' }).trim().min(1, 'Alert name is required').max(100),
  conditions: z.array(alertConditionSchema).min(1, 'Add at least one condition').max(20),
  recipients: z.array(recipientSchema).min(1, 'At least one recipient is required').max(50),
  notificationChannels: z.array(z.enum(notificationChannels)).min(1).default(['email']),
  /**
   * The case a firing opens (decision 019): who owns it from the start, and in how many hours it is due.
   * Both optional, so definitions saved before cases stay valid.
   */
  defaultAssigneeId: z.uuid('Choose a member of the workspace').nullish(),
  responseHours: z
    .number({ error: 'The response time must be a number of hours' })
    .int('The response time must be a whole number of hours')
    .min(1, 'The response time must be at least 1 hour')
    .max(8760, 'The response time must be at most 8760 hours')
    .nullish(),
});
export type Alert = z.output<typeof alertSchema>;

/** "a@b.co, c@d.co" as typed in the alert modal (docs/product-rules.md#survey-templates-and-versions). */
export function parseRecipients(text: string): string[] {
  return text
    .split(',')
    .map((recipient) => recipient.trim())
    .filter(Boolean);
}

export const surveySettingsSchema = z.object({
  expiration: expirationSchema.default({ ...defaultExpiration }),
  reminders: z.array(reminderSchema).max(20, 'At most 20 reminders').default([]),
  alerts: z.array(alertSchema).max(50, 'At most 50 alerts').default([]),
  /**
   * The welcome page's time: off, the spec's fixed "about 5 minutes"; on, an estimate from the
   * questions (docs/product-rules.md#the-respondent-page).
   */
  showEstimatedTime: z.boolean().default(false),
});
export type SurveySettings = z.output<typeof surveySettingsSchema>;
export type SurveySettingsInput = z.input<typeof surveySettingsSchema>;

/**
 * Alerts must point at questions of the definition, with an operator the question's type allows
 * and, unless the operator is empty/not-empty, a value in range
 * (docs/product-rules.md#survey-templates-and-versions), or at properties shown in reports with
 * the operators and values of the list's property filters (decision 035). Answers the
 * problems by field path, empty when the settings fit the definition.
 */
export function checkAlertsAgainstQuestions(
  alerts: Alert[],
  questions: SurveyQuestion[],
  properties: readonly SurveyProperty[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const byId = new Map(questions.map((question) => [question.id, question]));
  const propertiesById = new Map(properties.map((property) => [property.id, property]));
  alerts.forEach((alert, alertIndex) => {
    alert.conditions.forEach((condition, conditionIndex) => {
      const path = `alerts.${alertIndex}.conditions.${conditionIndex}`;
      if (isPropertyCondition(condition)) {
        const problem = propertyConditionProblem(propertiesById.get(condition.surveyPropertyId), condition);
        if (problem) problems[`${path}.${problem.field}`] = problem.message;
        return;
      }
      const question = byId.get(condition.surveyQuestionId);
      if (!question) {
        problems[`${path}.surveyQuestionId`] = 'This question is not in the survey';
        return;
      }
      const problem = alertConditionProblem(question, condition.operator, condition.value);
      if (problem) problems[`${path}.${problem.field}`] = problem.message;
    });
  });
  return problems;
}
