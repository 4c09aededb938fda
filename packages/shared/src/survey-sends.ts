import { z } from 'zod';
import { contactMethodReplySchema, surveyStateSchema } from './survey.js';

// `GET /sends` (the public API's `sends:read`, docs/decisions/047-connect-gaps.md): the surveys
// sent, newest first, with where each one stands.

/** The list's own filters; cursor paging is added by the server. */
export const surveySendsQuerySchema = z.object({
  surveyTemplateId: z.uuid('surveyTemplateId must be a template id').optional(),
  surveyState: surveyStateSchema.optional(),
});
export type SurveySendsQuery = z.infer<typeof surveySendsQuerySchema>;

/** One survey sent: to whom, from which version, and how far the respondent went. */
export const surveySendSchema = z.object({
  surveyId: z.uuid(),
  surveyTemplateId: z.uuid(),
  surveyTemplateVersionId: z.uuid(),
  surveyTemplateName: z.string(),
  surveyState: surveyStateSchema,
  surveyContactMethods: z.array(contactMethodReplySchema),
  /** The contact the survey went to (decision 038); null for a public-link survey without one. */
  contactId: z.uuid().nullable(),
  sentAt: z.iso.datetime(),
  firstOpenedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
});
export type SurveySend = z.infer<typeof surveySendSchema>;
