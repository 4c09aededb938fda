import { z } from 'zod';
import { surveyStateSchema } from './survey.js';

// Privacy requests (docs/decisions/043-erasure-and-access-requests.md): one search by e-mail
// address or phone number finds what the workspace holds about a respondent; the same search
// exports it (an access request) or erases it (an erasure request).

export const privacyContactRequiredMessage = 'Enter an e-mail address or a phone number';

const contactTextSchema = z
  .string({ error: privacyContactRequiredMessage })
  .trim()
  .min(1, privacyContactRequiredMessage)
  .max(320, 'An e-mail address or a phone number is at most 320 characters');

/** `GET /privacy/respondent?contact=`: the search. */
export const privacyRespondentQuerySchema = z.object({ contact: contactTextSchema });

const privacyExportFormats = ['json', 'csv'] as const;

/** `GET /privacy/respondent/export?contact=&format=json|csv`: the access request's bundle. */
export const privacyExportQuerySchema = privacyRespondentQuerySchema.extend({
  format: z.enum(privacyExportFormats, { error: 'Format must be json or csv' }).default('json'),
});

/** What is held, counted per kind. */
const privacyHoldingCountsSchema = z.object({
  surveys: z.number().int(),
  completedSurveys: z.number().int(),
  contacts: z.number().int(),
  messages: z.number().int(),
  suppressions: z.number().int(),
  cases: z.number().int(),
});
export type PrivacyHoldingCounts = z.infer<typeof privacyHoldingCountsSchema>;

export const privacyRespondentSchema = z.object({
  /** The addresses searched, in their stored forms. */
  addresses: z.array(z.string()),
  counts: privacyHoldingCountsSchema,
  surveys: z.array(
    z.object({
      surveyId: z.string(),
      surveyTemplateName: z.string(),
      surveyState: surveyStateSchema,
      sentAt: z.string(),
      completedAt: z.string().nullable(),
    }),
  ),
});
export type PrivacyRespondent = z.infer<typeof privacyRespondentSchema>;

const privacyRequestTargetMessage = 'Name the respondent by one of contact, surveyId or contactId';

/**
 * `POST /privacy/erasures`: the respondent by an address (the search), by one of their surveys
 * (the response page) or by their contact (the contact page). `eraseAnswers`: their scale and
 * choice answers go too, instead of staying as anonymous figures.
 */
export const eraseRespondentSchema = z
  .object({
    contact: contactTextSchema.optional(),
    surveyId: z.uuid('surveyId must be a survey id').optional(),
    contactId: z.uuid('contactId must be a contact id').optional(),
    eraseAnswers: z.boolean({ error: 'eraseAnswers must be true or false' }).default(false),
  })
  .refine(
    (body) =>
      [body.contact, body.surveyId, body.contactId].filter((value) => value !== undefined).length === 1,
    { message: privacyRequestTargetMessage, path: ['contact'] },
  );
export type EraseRespondentInput = z.input<typeof eraseRespondentSchema>;

export const erasureResultSchema = z.object({
  eraseAnswers: z.boolean(),
  /** Surveys kept as anonymous figures (or removed, with `eraseAnswers`). */
  surveysErased: z.number().int(),
  surveysRemoved: z.number().int(),
  contactsErased: z.number().int(),
  messagesErased: z.number().int(),
  /** Suppression entries kept as one-way keys, so the person stays unsubscribed. */
  suppressionsKept: z.number().int(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

export const privacyNothingFoundMessage = 'Nothing is held about this respondent.';
