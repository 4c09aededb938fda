import { z } from 'zod';
import { formatStoredPhone } from './phone.js';
import { responseFilterSchema } from './response-filters.js';
import { surveyDeliverySchema } from './survey.js';
import { surveyAnswerSchema } from './survey-answer.js';
import { alertConditionOperatorSchema, alertSchema } from './survey-settings.js';

// A survey alert is one firing of a template alert for one completed survey (docs/product-rules.md#alerts,
// decision 008):
// the /alerts page lists them, and staff hide or show them again (docs/product-rules.md#alerts).

/**
 * A condition of the alert that held, with the respondent's answer (none for IS_EMPTY). A
 * property condition (`kind: "property"`, decision 035) has the property's label, the list
 * filter's operator, and the survey's value as the answer (list items by their label).
 */
const matchedConditionSchema = z.object({
  kind: z.literal('property').optional(),
  questionLabel: z.string(),
  operator: z.union([alertConditionOperatorSchema, responseFilterSchema.shape.operator]),
  value: z.union([z.string(), z.number()]),
  answer: surveyAnswerSchema.nullable(),
});
export type MatchedCondition = z.infer<typeof matchedConditionSchema>;

/**
 * The template's alerts as docs/product-rules.md#alerts shows them: only their channels are needed by the
 * page. `id`
 * and `name` are there so a client can pick the alert that fired (`alertId`) among them.
 */
export const surveyAlertTemplateAlertSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  notificationChannels: alertSchema.shape.notificationChannels,
});

export const surveyAlertSchema = z.object({
  surveyAlertId: z.uuid(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The `id` of the alert in the template version's settings that fired. */
  alertId: z.string(),
  alertName: z.string(),
  surveyId: z.uuid(),
  surveyTemplateId: z.uuid(),
  /**
   * The version the survey was sent from: the web app's template pages are addressed by version
   * id, so the link to the response uses it (see `surveyResponsePath`).
   */
  surveyTemplateVersionId: z.uuid(),
  matchedConditions: z.array(matchedConditionSchema),
  /** Who answered: a name property, else the address or number the survey went to (`respondentLabel`). */
  respondent: z.string(),
  /** Notifications of this alert (e-mail, Slack) that finally failed, with the reason. */
  undelivered: z.array(surveyDeliverySchema),
  survey: z.object({
    surveyTemplate: z.object({
      surveyTemplateName: z.string(),
      surveyTemplateDescription: z.string().nullable(),
      surveyTemplateSettings: z.object({ alerts: z.array(surveyAlertTemplateAlertSchema) }),
    }),
  }),
});
export type SurveyAlert = z.infer<typeof surveyAlertSchema>;

/** `GET /survey-alerts/`: the workspace's survey alerts, newest first, hidden ones included. */
export const surveyAlertsResponseSchema = z.object({ surveyAlerts: z.array(surveyAlertSchema) });
export type SurveyAlertsResponse = z.infer<typeof surveyAlertsResponseSchema>;

/**
 * `PATCH /survey-alerts/{id}/status` (docs/product-rules.md#alerts); the reply is the updated survey alert.
 */
export const updateSurveyAlertStatusSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UpdateSurveyAlertStatus = z.infer<typeof updateSurveyAlertStatusSchema>;

export const surveyAlertIdParamsSchema = z.object({ id: z.uuid('Survey alert not found') });

/**
 * Where a survey's response detail lives in the web app (docs/product-rules.md#alerts:
 * /survey-templates/{id}/
 * responses/{surveyId}, where the template pages take a version id). E-mails prefix the app URL.
 */
export function surveyResponsePath(surveyTemplateVersionId: string, surveyId: string): string {
  return `/survey-templates/${encodeURIComponent(surveyTemplateVersionId)}/responses/${encodeURIComponent(surveyId)}`;
}

/** docs/product-rules.md#alerts: a card without a template name reads "Alert". */
export const surveyAlertFallbackTitle = 'Alert';
export const surveyAlertFallbackDescription = 'No description available';

/**
 * The channels a card shows (docs/product-rules.md#alerts): those of the alert that fired when the template
 * still
 * has it, else those of all the template's alerts, and e-mail when none is named.
 */
export function surveyAlertChannels(surveyAlert: SurveyAlert): string[] {
  const alerts = surveyAlert.survey.surveyTemplate.surveyTemplateSettings.alerts;
  const fired = alerts.find((alert) => alert.id !== undefined && alert.id === surveyAlert.alertId);
  const channels = (fired ? [fired] : alerts).flatMap((alert) => alert.notificationChannels ?? []);
  const unique = [...new Set(channels)];
  return unique.length > 0 ? unique : ['email'];
}

/**
 * The Alerts page search (docs/product-rules.md#alerts): template name, alert name or description, any case.
 */
export function matchesSurveyAlertSearch(surveyAlert: SurveyAlert, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const { surveyTemplateName, surveyTemplateDescription } = surveyAlert.survey.surveyTemplate;
  return [surveyTemplateName, surveyAlert.alertName, surveyTemplateDescription ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

type LabelledProperty = { id: string; label: string };
type ContactMethodValue = { contactMethodType: string; emailAddress?: string; phoneNumber?: string };

const fullNameLabel = /^(full |respondent |customer |contact )?name$/i;
const firstNameLabel = /^(first|given) ?name$/i;
const lastNameLabel = /^(last|family|sur) ?name$/i;

/**
 * Who answered, as an alert names them (docs/product-rules.md#alerts): a name property ("Name",
 * "Full name", or "First name" with "Last name"), else the e-mail address or phone number the
 * survey went to, else "Anonymous respondent".
 */
export function respondentLabel(
  properties: readonly LabelledProperty[],
  values: Readonly<Record<string, unknown>>,
  contactMethods: readonly ContactMethodValue[],
  /** The workspace's default country for phone numbers (decision 021). */
  phoneCountry = 'US',
): string {
  const propertyValue = (pattern: RegExp) => {
    const property = properties.find((item) => pattern.test(item.label.trim()));
    const value = property ? values[property.id] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const name =
    propertyValue(fullNameLabel) ??
    ([propertyValue(firstNameLabel), propertyValue(lastNameLabel)].filter(Boolean).join(' ') || undefined);
  if (name) return name;
  const email = contactMethods.find((method) => method.contactMethodType === 'email')?.emailAddress;
  if (email) return email;
  const phone = contactMethods.find((method) => method.contactMethodType === 'phone')?.phoneNumber;
  return phone ? formatStoredPhone(phone, phoneCountry) : 'Anonymous respondent';
}

/** An alert notification that finally failed, with the alert it told of (Settings → Notifications). */
const undeliveredAlertNotificationSchema = surveyDeliverySchema.extend({
  surveyAlertId: z.uuid(),
  alertName: z.string(),
});

/** `GET /survey-alerts/undelivered`: the workspace's most recent ones, newest first. */
export const undeliveredAlertNotificationsSchema = z.object({
  notifications: z.array(undeliveredAlertNotificationSchema),
});
export type UndeliveredAlertNotifications = z.infer<typeof undeliveredAlertNotificationsSchema>;
