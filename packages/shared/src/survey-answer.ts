import { z } from 'zod';
import { surveyStateSchema } from './survey.js';
import { propertyTypeSchema, surveyDefinitionSchema, surveyQuestionSchema } from './survey-definition.js';
import { surveyLanguages } from './translations.js';

// The respondent's side on the wire (docs/product-rules.md#the-respondent-page): what the respondent page
// receives and sends.
// The rules about answers themselves are in answer-rules.ts, free of zod for the respondent page.

export const authenticationSuccessMessage = 'Authentication successful.';
/** Five failed attempts lock a survey's authentication for fifteen minutes (decision 005). */
export const maxAuthenticationFailures = 5;
export const authenticationLockMinutes = 15;

// ---------------------------------------------------------------------------------------------
// The respondent's view (docs/product-rules.md#respondent-authentication): before authentication only what
// the form needs.

const authenticationPropertySchema = z.object({
  id: z.string(),
  label: z.string(),
  type: propertyTypeSchema,
  required: z.boolean(),
});
export type AuthenticationProperty = z.infer<typeof authenticationPropertySchema>;

/**
 * An answer: a number (scales), text (texts, dropdowns, dates), a list of texts (multiple choice,
 * ranking), true (consent) or column positions by statement (matrix; decision 027).
 */
const matrixAnswerSchema = z.record(z.string().max(64), z.number());
export const surveyAnswerSchema = z.union([
  z.number(),
  z.string(),
  z.array(z.string()),
  z.boolean(),
  matrixAnswerSchema,
]);
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;
export const surveyResponsesSchema = z.record(z.string(), surveyAnswerSchema);
export type SurveyResponses = z.infer<typeof surveyResponsesSchema>;

export const respondentListSchema = z.object({
  listId: z.uuid(),
  /**
   * Active items only, labelled by the list's default-label property
   * (docs/product-rules.md#properties-and-questions).
   */
  listItems: z.array(z.object({ listItemId: z.uuid(), label: z.string() })),
});
export type RespondentList = z.infer<typeof respondentListSchema>;

const lockedRespondentSurveySchema = z.object({
  surveyId: z.uuid(),
  surveyState: surveyStateSchema,
  requiresAuthentication: z.literal(true),
  surveyTemplate: z.object({
    surveyTemplateName: z.string(),
    logoUrl: z.string().nullable(),
    authenticationProperties: z.array(authenticationPropertySchema),
    /** The template's languages, default first (decision 025): the form speaks one of them. */
    languages: z.array(z.string()).optional(),
    /**
     * A COMPLETE survey's thank-you page only: the closing text, unless it holds a property
     * token (values never reach an unauthenticated respondent), and the review link when it is
     * an http(s) URL.
     */
    closingText: z.string().optional(),
    reviewLink: z.string().optional(),
  }),
});
export type LockedRespondentSurvey = z.infer<typeof lockedRespondentSurveySchema>;

/** The definition a respondent receives: texts with their [tokens] filled, properties without values. */
const respondentDefinitionSchema = z.object({
  schemaVersion: z.string(),
  openingText: z.string(),
  closingText: z.string(),
  reviewLink: z.string(),
  properties: surveyDefinitionSchema.shape.properties,
  questions: z.array(surveyQuestionSchema),
  /** The template's language and its translations (decision 025): the page picks one and falls back. */
  defaultLanguage: surveyDefinitionSchema.shape.defaultLanguage,
  translations: surveyDefinitionSchema.shape.translations,
});

const respondentSurveySchema = z.object({
  surveyId: z.uuid(),
  surveyState: surveyStateSchema,
  requiresAuthentication: z.literal(false),
  surveyTemplate: z.object({
    surveyTemplateName: z.string(),
    surveyTemplateDefinition: respondentDefinitionSchema,
    /** From the number and kinds of questions (see estimateMinutes), at least 1. */
    estimatedMinutes: z.number().int(),
    logoUrl: z.string().nullable(),
  }),
  surveyResponses: surveyResponsesSchema,
  lists: z.array(respondentListSchema),
});
export type RespondentSurvey = z.infer<typeof respondentSurveySchema>;

/** `GET /surveys/{id}` as a respondent: the locked view until authentication, then the survey. */
export const respondentSurveyReplySchema = z.discriminatedUnion('requiresAuthentication', [
  lockedRespondentSurveySchema,
  respondentSurveySchema,
]);
export type RespondentSurveyReply = z.infer<typeof respondentSurveyReplySchema>;

// ---------------------------------------------------------------------------------------------
// Saving answers and authenticating.

const surveyAnswerInputSchema = z.union([
  z.number(),
  z.string(),
  z.array(z.string()),
  z.boolean(),
  matrixAnswerSchema,
  z.null(),
]);

/** `PATCH /surveys/{id}`: answers by question id merged into the stored ones; null clears one. */
export const updateSurveyResponsesSchema = z.object({
  surveyResponses: z.record(z.string(), surveyAnswerInputSchema),
  /** The language the respondent reads (decision 025), recorded on the survey. */
  language: z.enum(surveyLanguages, { error: `Choose one of: ${surveyLanguages.join(', ')}` }).optional(),
});

/** The reply to a save: the survey's state and all its stored answers. */
export const savedSurveyResponsesSchema = z.object({
  surveyId: z.uuid(),
  surveyState: surveyStateSchema,
  surveyResponses: surveyResponsesSchema,
});
export type SavedSurveyResponses = z.infer<typeof savedSurveyResponsesSchema>;

export const authenticateSurveySchema = z.object({
  authenticationValues: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()),
});

export const authenticateSurveyResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type AuthenticateSurveyResult = z.infer<typeof authenticateSurveyResultSchema>;
