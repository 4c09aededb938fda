import { z } from 'zod';

// Scheduled reports (docs/decisions/031-scheduled-reports.md): a member's weekly or monthly e-mail
// digest of one template's figures, or of the whole workspace's (the dashboard).

export const reportFrequencies = ['weekly', 'monthly'] as const;
const reportFrequencySchema = z.enum(reportFrequencies, {
  error: 'Choose weekly or monthly',
});
export type ReportFrequency = z.infer<typeof reportFrequencySchema>;

export const reportSubscriptionSchema = z.object({
  reportSubscriptionId: z.uuid(),
  /** Who receives the digest. */
  accountId: z.uuid(),
  subscriber: z.object({
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
  }),
  /** `template`: one template's figures; `dashboard`: the whole workspace's. */
  scope: z.enum(['template', 'dashboard']),
  surveyTemplateId: z.uuid().nullable(),
  surveyTemplateName: z.string().nullable(),
  frequency: reportFrequencySchema,
  createdByAccountId: z.uuid(),
  createdAt: z.iso.datetime(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportSubscriptionsReplySchema = z.object({
  reportSubscriptions: z.array(reportSubscriptionSchema),
});
export type ReportSubscriptionsReply = z.infer<typeof reportSubscriptionsReplySchema>;

export const listReportSubscriptionsQuerySchema = z.object({
  /** `mine` (default): the caller's own; `workspace`: everyone's in the workspace (admins). */
  who: z.enum(['mine', 'workspace'], { error: 'Choose mine or workspace' }).default('mine'),
});
export type ListReportSubscriptionsQuery = z.infer<typeof listReportSubscriptionsQuerySchema>;

export const createReportSubscriptionBodySchema = z.object({
  /** The template whose digest to receive; absent or null: the dashboard. */
  surveyTemplateId: z.uuid({ error: 'Choose a survey template' }).nullable().optional(),
  frequency: reportFrequencySchema,
  /** Another member to subscribe (admins only); absent: the caller. */
  accountId: z.uuid({ error: 'Choose a member of the workspace' }).optional(),
});
export type CreateReportSubscriptionBody = z.infer<typeof createReportSubscriptionBodySchema>;

/** The labels people read for a subscription's scope and frequency. */
export const reportFrequencyLabels: Record<ReportFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const digestUnsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What a digest's unsubscribe link ends; after the POST (or when it was ended before) `isUnsubscribed`. */
export const digestUnsubscribeInfoSchema = z.object({
  isUnsubscribed: z.boolean(),
  /** "Weekly digest: After your visit"; null once the subscription is gone. */
  digestName: z.string().nullable(),
  workspaceName: z.string().nullable(),
});
export type DigestUnsubscribeInfo = z.infer<typeof digestUnsubscribeInfoSchema>;

export const invalidDigestUnsubscribeLinkMessage = 'This unsubscribe link is invalid.';

export const reportSubscriptionParamsSchema = z.object({ reportSubscriptionId: z.uuid() });
