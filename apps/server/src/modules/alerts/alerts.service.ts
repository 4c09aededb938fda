import {
  type Alert,
  type AlertCondition,
  type AlertConditionOperator,
  extraAnswerText,
  formatStoredPhone,
  hasSurveyLogic,
  isMatrixAnswer,
  isPropertyCondition,
  type MatchedCondition,
  operatorNeedsValue,
  type PropertyAlertCondition,
  propertyConditionPhrase,
  respondentLabel,
  respondentQuestions,
  type SurveyAlert,
  type SurveyAlertsResponse,
  type SurveyAnswer,
  type SurveyDelivery,
  type SurveyProperty,
  type SurveyQuestion,
  type SurveyResponses,
  sentimentConditionOperator,
  surveyAlertTemplateAlertSchema,
  surveyPath,
  surveyResponsePath,
  surveySettingsSchema,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import {
  type AlertMatch,
  type AlertNotification,
  dispatchMessages,
  findUndelivered,
  type NewOutboxMessage,
  queueMessages,
  renderAlertEmail,
  renderAlertSlackText,
} from '../delivery/delivery.service.js';
import { loadListLookup } from '../lists/list-lookup.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import { matchSurveyProperties } from '../responses/property-match.service.js';
import { listIdsOf, loadVersionDefinition } from '../templates/template-versions.service.js';
import { analysisLanguage } from '../text-analytics/text-analysis.service.js';
import { alertFires } from './alert-conditions.js';
import {
  findSurveyAlert,
  findSurveyAlerts,
  findSurveyForAlerts,
  insertSurveyAlert,
  type SurveyAlertListRow,
  updateSurveyAlertStatus,
} from './alerts.repository.js';

const surveyAlertNotFoundMessage = 'Survey alert not found';
/** The Alerts page shows at most this many, newest first. */
const maxListedAlerts = 1000;

const operatorPhrases: Record<AlertConditionOperator, string> = {
  GREATER_THAN: 'is greater than',
  LESS_THAN: 'is less than',
  IS_EQUAL: 'is equal to',
  IS_NOT_EQUAL: 'is not equal to',
  IS_EMPTY: 'is empty',
  IS_NOT_EMPTY: 'is not empty',
  SENTIMENT_IS: 'has a sentiment of',
};

function alertsOf(settings: unknown): Alert[] {
  const parsed = surveySettingsSchema.safeParse(settings ?? {});
  if (parsed.success) return parsed.data.alerts;
  const alerts = surveySettingsSchema.shape.alerts.safeParse(
    (settings as { alerts?: unknown } | null)?.alerts,
  );
  return alerts.success ? alerts.data : [];
}

function respondentOf(
  contactMethods: { contactMethodType: string; emailAddress?: string; phoneNumber?: string }[],
  phoneCountry: string,
) {
  const contacts = contactMethods.map((method) =>
    method.contactMethodType === 'email'
      ? method.emailAddress!
      : formatStoredPhone(method.phoneNumber!, phoneCountry),
  );
  return contacts.length > 0 ? contacts.join(', ') : 'an anonymous respondent';
}

/** A survey alert just written, with the template alert that fired it. */
export interface FiredAlert {
  surveyAlertId: string;
  workspaceId: string;
  workspaceName: string;
  surveyId: string;
  templateId: string;
  templateName: string;
  alert: Alert;
  slackWebhookUrl: string | null;
}

export interface FiredAlerts {
  outboxIds: string[];
  fired: FiredAlert[];
}

/**
 * Fires the alerts of a survey that has just completed (decision 008), inside the completing
 * transaction: each alert of the version's settings (as they are now) whose conditions all hold
 * fires once per survey (unique survey + alert): a survey alert, and notifications through the
 * outbox, e-mail to each recipient and Slack where the workspace has a webhook. Answers the
 * outbox ids, which the caller dispatches with `dispatchAlertMessages` after the commit, and the
 * survey alerts written, whose cases the caller opens in the same transaction (decision 019).
 */
export async function fireSurveyAlerts(
  ctx: AppContext,
  tx: Executor,
  surveyId: string,
  responses: SurveyResponses,
  now: Date,
): Promise<FiredAlerts> {
  const none: FiredAlerts = { outboxIds: [], fired: [] };
  const survey = await findSurveyForAlerts(tx, surveyId);
  if (!survey) return none;
  const alerts = alertsOf(survey.settings);
  if (alerts.length === 0) return none;
  const definition = await loadVersionDefinition(tx, survey.templateVersionId);
  // A question the respondent's path hid is not a missing answer: no condition on it holds (decision 023).
  const questions = hasSurveyLogic(definition.questions)
    ? surveyPath(respondentQuestions(definition), responses)
    : definition.questions;
  const language = analysisLanguage(survey.language, definition.defaultLanguage);
  // Property conditions (decision 035): judged on the survey's row by the list's own filters.
  const propertyConditions = alerts.flatMap((alert) => alert.conditions.filter(isPropertyCondition));
  const truths = await matchSurveyProperties(tx, survey.id, definition.properties, propertyConditions);
  const propertyTruths = new Map(
    propertyConditions.map((condition, index) => [condition, truths[index] === true]),
  );
  const fired = alerts.filter((alert) => alertFires(alert, questions, responses, language, propertyTruths));
  if (fired.length === 0) return none;
  const written: FiredAlert[] = [];
  const [lists, phoneCountry] = await Promise.all([
    loadListLookup(tx, survey.workspaceId, listIdsOf(definition)),
    loadPhoneCountry(tx, survey.workspaceId),
  ]);
  const byId = new Map(definition.questions.map((question) => [question.id, question]));
  const propertiesById = new Map(definition.properties.map((property) => [property.id, property]));
  const surveyProperties = (survey.properties ?? {}) as Record<string, unknown>;
  /** A property's value or a condition's, as the alert shows it (a list item by its label). */
  const describeProperty = (property: SurveyProperty | undefined, value: unknown): string => {
    if (value === undefined || value === null || value === '') return 'no value';
    if (property?.type === 'ListItem' && property.listId)
      return lists.labelOf(property.listId, String(value)) ?? String(value);
    return String(value);
  };
  const propertyPhrase = (condition: PropertyAlertCondition) => {
    const property = propertiesById.get(condition.surveyPropertyId);
    const label = property?.type === 'ListItem' ? describeProperty(property, condition.value) : undefined;
    return propertyConditionPhrase(property?.type, condition.operator, condition.value, label);
  };
  const describe = (question: SurveyQuestion | undefined, value: SurveyAnswer | string | number): string => {
    const extra = question ? extraAnswerText(question, value) : undefined;
    if (extra !== undefined) return extra;
    if (typeof value === 'boolean' || isMatrixAnswer(value)) return JSON.stringify(value);
    const listId = question && 'listId' in question ? question.listId : undefined;
    const label = (item: string | number) =>
      listId ? (lists.labelOf(listId, String(item)) ?? String(item)) : String(item);
    return Array.isArray(value) ? value.map(label).join(', ') : label(value);
  };
  const link = `${ctx.config.publicUrl}${surveyResponsePath(survey.templateVersionId, survey.id)}`;
  const messages: NewOutboxMessage[] = [];
  for (const alert of fired) {
    const matched = alert.conditions.map((condition: AlertCondition): MatchedCondition => {
      if (isPropertyCondition(condition)) {
        const property = propertiesById.get(condition.surveyPropertyId);
        const value = surveyProperties[condition.surveyPropertyId];
        return {
          kind: 'property',
          questionLabel: property?.label ?? condition.surveyPropertyId,
          operator: condition.operator,
          value:
            property?.type === 'ListItem' ? describeProperty(property, condition.value) : condition.value,
          answer: value === undefined || value === null ? null : describeProperty(property, value),
        };
      }
      const question = byId.get(condition.surveyQuestionId);
      return {
        questionLabel: question?.label ?? condition.surveyQuestionId,
        operator: condition.operator,
        value: condition.value,
        answer: responses[condition.surveyQuestionId] ?? null,
      };
    });
    const row = await insertSurveyAlert(tx, {
      workspaceId: survey.workspaceId,
      surveyId: survey.id,
      templateId: survey.templateId,
      templateVersionId: survey.templateVersionId,
      alertId: alert.id,
      alertName: alert.name,
      matchedConditions: matched,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) continue;
    written.push({
      surveyAlertId: row.id,
      workspaceId: survey.workspaceId,
      workspaceName: survey.workspaceName,
      surveyId: survey.id,
      templateId: survey.templateId,
      templateName: survey.templateName,
      alert,
      slackWebhookUrl: survey.slackWebhookUrl,
    });
    const matches: AlertMatch[] = alert.conditions.map((condition) => {
      if (isPropertyCondition(condition)) {
        const property = propertiesById.get(condition.surveyPropertyId);
        return {
          question: property ? `${property.label} (property)` : 'A removed property',
          condition: propertyPhrase(condition),
          answer: describeProperty(property, surveyProperties[condition.surveyPropertyId]),
        };
      }
      const question = byId.get(condition.surveyQuestionId);
      const answer = responses[condition.surveyQuestionId];
      return {
        question: question?.question || question?.label || 'A removed question',
        condition:
          condition.operator === sentimentConditionOperator
            ? `${operatorPhrases[condition.operator]} ${String(condition.value)}`
            : operatorNeedsValue(condition.operator)
              ? `${operatorPhrases[condition.operator]} ${describe(question, condition.value)}`
              : operatorPhrases[condition.operator],
        answer: answer === undefined ? 'no answer' : describe(question, answer),
      };
    });
    const notification: AlertNotification = {
      workspaceName: survey.workspaceName,
      alertName: alert.name,
      templateName: survey.templateName,
      respondent: respondentOf(survey.contactMethods, phoneCountry),
      matches,
      link,
    };
    const common = { workspaceId: survey.workspaceId, purpose: 'survey-alert', surveyAlertId: row.id };
    if (alert.notificationChannels.includes('email')) {
      const email = renderAlertEmail(notification);
      for (const recipient of alert.recipients) {
        messages.push({
          ...common,
          channel: 'email',
          recipient,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
        });
      }
    }
    if (alert.notificationChannels.includes('slack') && survey.slackWebhookUrl) {
      messages.push({
        ...common,
        channel: 'slack',
        recipient: 'Slack webhook',
        textBody: renderAlertSlackText(notification),
      });
    }
  }
  return { outboxIds: await queueMessages(tx, messages), fired: written };
}

/** After the completing transaction: the alert messages leave at once (within 5 s, decision 008). */
export async function dispatchAlertMessages(ctx: AppContext, outboxIds: string[]): Promise<void> {
  if (outboxIds.length > 0) await dispatchMessages(ctx, outboxIds, { isUrgent: true });
}

function toSurveyAlert(
  row: SurveyAlertListRow,
  undelivered: Map<string, SurveyDelivery[]>,
  phoneCountry: string,
): SurveyAlert {
  const { alert } = row;
  return {
    surveyAlertId: alert.id,
    isActive: alert.isActive,
    createdAt: alert.createdAt.toISOString(),
    alertId: alert.alertId,
    alertName: alert.alertName,
    surveyId: alert.surveyId,
    surveyTemplateId: alert.templateId,
    surveyTemplateVersionId: alert.templateVersionId,
    matchedConditions: alert.matchedConditions as MatchedCondition[],
    undelivered: undelivered.get(alert.id) ?? [],
    respondent: respondentLabel(
      Array.isArray(row.definitionProperties)
        ? (row.definitionProperties as { id: string; label: string }[])
        : [],
      (row.surveyProperties ?? {}) as Record<string, unknown>,
      row.contactMethods,
      phoneCountry,
    ),
    survey: {
      surveyTemplate: {
        surveyTemplateName: row.templateName,
        surveyTemplateDescription: row.templateDescription || null,
        surveyTemplateSettings: {
          alerts: alertsOf(row.settings).map((item) =>
            surveyAlertTemplateAlertSchema.parse({
              id: item.id,
              name: item.name,
              notificationChannels: item.notificationChannels,
            }),
          ),
        },
      },
    },
  };
}

/** `GET /survey-alerts/`: the workspace's survey alerts, newest first, hidden ones included. */
export async function listSurveyAlerts(
  ctx: AppContext,
  actor: WorkspaceActor,
): Promise<SurveyAlertsResponse> {
  const rows = await findSurveyAlerts(ctx.db, actor.workspaceId, maxListedAlerts);
  const [undelivered, phoneCountry] = await Promise.all([
    findUndelivered(
      ctx.db,
      'surveyAlertId',
      rows.map((row) => row.alert.id),
    ),
    loadPhoneCountry(ctx.db, actor.workspaceId),
  ]);
  return { surveyAlerts: rows.map((row) => toSurveyAlert(row, undelivered, phoneCountry)) };
}

/** `PATCH /survey-alerts/{id}/status`: hide (false) or show again (true); another workspace's is 404. */
export async function setSurveyAlertStatus(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  isActive: boolean,
): Promise<SurveyAlert> {
  if (!(await updateSurveyAlertStatus(ctx.db, actor.workspaceId, id, isActive, ctx.now()))) {
    throw notFound(surveyAlertNotFoundMessage);
  }
  return toSurveyAlert(
    (await findSurveyAlert(ctx.db, actor.workspaceId, id))!,
    await findUndelivered(ctx.db, 'surveyAlertId', [id]),
    await loadPhoneCountry(ctx.db, actor.workspaceId),
  );
}
