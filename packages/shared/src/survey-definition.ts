import { z } from 'zod';
import { type QuestionLogic, questionLogicSchema } from './question-logic-schema.js';
import { checkExtraQuestion, extraQuestionSchemas } from './question-type-schemas.js';
import { findLogicProblems } from './survey-logic-check.js';
import { languageTranslationSchema, pruneTranslation, surveyLanguageSchema } from './translation-schemas.js';
import { surveyLanguages, type Translations } from './translations.js';
import { isValidReviewLink } from './values.js';

/** docs/product-rules.md#properties-and-questions defaults. */
const defaultSchemaVersion = '1.0';
/** Definitions whose questions carry logic are written as 1.1; 1.0 ones stay valid (decision 023). */
const schemaVersions = ['1.0', '1.1'] as const;
const logicSchemaVersion = '1.1';
const defaultOpeningText = 'Welcome to our survey. Your feedback is important to us...';
const defaultClosingText = 'Thank you for completing our survey...';

export const reviewLinkSchema = z
  .string()
  .trim()
  .max(2000, 'Please enter a valid URL')
  .refine((value) => value === '' || isValidReviewLink(value), 'Please enter a valid URL');

export const propertyTypes = ['Text', 'Number', 'Date', 'DateTime', 'Boolean', 'ListItem'] as const;
export const propertyTypeSchema = z.enum(propertyTypes);
export type PropertyType = z.infer<typeof propertyTypeSchema>;

const hiddenAuthenticationPropertyMessage = 'An authentication property cannot be a hidden field';

/**
 * A survey property: an attribute of the respondent, filled when a survey is sent
 * (docs/product-rules.md#the-respondent-page).
 */
export const surveyPropertySchema = z
  .object({
    id: z.uuid('Property id must be a UUID'),
    type: propertyTypeSchema,
    label: z
      .string({ error: 'Property label is required' })
      .trim()
      .min(1, 'Property label is required')
      .min(2, 'Property label must be at least 2 characters')
      .max(100, 'Property label must be at most 100 characters'),
    validation: z
      .object({ required: z.boolean().default(false), authentication: z.boolean().default(false) })
      .default({ required: false, authentication: false }),
    visibleInReportsAndFiltering: z.boolean().default(true),
    listId: z.uuid('Choose a list').optional(),
    /**
     * Filled from a public link's query (`?plan=pro`, the key from the label: `hiddenFieldKey`),
     * typed and checked like a sent value (docs/decisions/024-public-links.md).
     */
    hiddenField: z.boolean().optional(),
  })
  .superRefine((property, context) => {
    // An authentication property proves who answers: a value from a link's URL would prove nothing.
    if (property.hiddenField && property.validation.authentication) {
      context.addIssue({
        code: 'custom',
        path: ['hiddenField'],
        message: hiddenAuthenticationPropertyMessage,
      });
    }
    if (property.type === 'ListItem' && !property.listId) {
      context.addIssue({
        code: 'custom',
        path: ['listId'],
        message: 'List selection is required for ListItem properties',
      });
    }
  })
  // Changing the type away from ListItem clears the list (docs/product-rules.md#properties-and-questions).
  // `overwrite`, not
  // `transform`: replies are encoded with the same schema, and a transform cannot encode.
  .overwrite((property) => {
    if (property.type !== 'ListItem') delete property.listId;
    return property;
  });
export type SurveyProperty = z.output<typeof surveyPropertySchema>;
export type SurveyPropertyInput = z.input<typeof surveyPropertySchema>;

export const questionTypes = [
  'NetPromoterScore',
  'NumericScale',
  'StarRatingScale',
  'MultipleChoice',
  'DropdownList',
  'ShortTextEntry',
  'LongTextEntry',
  // Decision 027: the CX staples.
  'CustomerEffortScore',
  'CustomerSatisfactionScore',
  'DateEntry',
  'Consent',
  'Ranking',
  'Matrix',
] as const;
export const questionTypeSchema = z.enum(questionTypes);
export type QuestionType = z.infer<typeof questionTypeSchema>;

const labelText = z.string().trim().max(100, 'Must be at most 100 characters').default('');
const optionText = z.string().trim().min(1).max(200, 'An option must be at most 200 characters');

const questionBase = {
  id: z.uuid('Question id must be a UUID'),
  question: z
    .string({ error: 'Question text is required' })
    .trim()
    .min(1, 'Question text is required')
    .max(1000, 'Question text must be at most 1000 characters'),
  label: z
    .string({ error: 'Label is required' })
    .trim()
    .min(1, 'Label is required')
    .max(100, 'Label must be at most 100 characters'),
  category: z.string().trim().max(100, 'Category must be at most 100 characters').default(''),
  validation: z.object({ required: z.boolean().default(false) }).default({ required: false }),
  /** Always empty in the product (docs/product-rules.md#properties-and-questions); kept for compatibility. */
  endSurveyValue: z.literal('').default(''),
  compositeScore: z
    .object({
      enabled: z.boolean().default(false),
      value: z
        .number()
        .min(0, 'Score weight cannot be negative')
        .max(100, 'Score weight must be at most 100')
        .default(0),
    })
    .default({ enabled: false, value: 0 }),
  active: z.boolean().default(true),
  logic: questionLogicSchema.optional(),
};

const choiceSource = {
  answerOptions: z.array(optionText).max(200, 'At most 200 options').optional(),
  listId: z.uuid('Choose a list').optional(),
};

export const surveyQuestionSchema = z
  .discriminatedUnion('type', [
    z.object({
      ...questionBase,
      type: z.literal('NetPromoterScore'),
      startLabel: labelText,
      endLabel: labelText,
    }),
    z.object({
      ...questionBase,
      type: z.literal('StarRatingScale'),
      startLabel: labelText,
      endLabel: labelText,
    }),
    z.object({
      ...questionBase,
      type: z.literal('NumericScale'),
      startNumber: z.number().int('Must be a whole number').min(-1000).max(1000).default(1),
      endNumber: z.number().int('Must be a whole number').min(-1000).max(1000).default(10),
      startLabel: labelText,
      endLabel: labelText,
    }),
    z.object({
      ...questionBase,
      type: z.literal('MultipleChoice'),
      multiSelect: z.boolean().default(false),
      includeOtherOption: z.boolean().default(false),
      ...choiceSource,
    }),
    z.object({
      ...questionBase,
      type: z.literal('DropdownList'),
      placeholderText: z.string().trim().max(200).default(''),
      includeOtherOption: z.boolean().default(false),
      ...choiceSource,
    }),
    z.object({
      ...questionBase,
      type: z.literal('ShortTextEntry'),
      placeholderText: z.string().trim().max(200).default(''),
      maxLength: z.number().int().min(1).max(1000).default(255),
    }),
    z.object({
      ...questionBase,
      type: z.literal('LongTextEntry'),
      placeholderText: z.string().trim().max(200).default(''),
      maxLength: z.number().int().min(1).max(10_000).default(5000),
    }),
    ...extraQuestionSchemas(questionBase),
  ])
  .superRefine((question, context) => {
    checkExtraQuestion(question, context);
    if (question.type === 'NumericScale' && question.startNumber >= question.endNumber) {
      context.addIssue({
        code: 'custom',
        path: ['endNumber'],
        message: 'The end number must be greater than the start number',
      });
    }
    if (question.type === 'NumericScale' && question.endNumber - question.startNumber > 100) {
      context.addIssue({
        code: 'custom',
        path: ['endNumber'],
        message: 'A scale can have at most 101 steps',
      });
    }
    if (question.type === 'MultipleChoice' || question.type === 'DropdownList') {
      const hasOptions = (question.answerOptions?.length ?? 0) > 0;
      if (hasOptions && question.listId) {
        context.addIssue({
          code: 'custom',
          path: ['listId'],
          message: 'Use typed options or a list, not both',
        });
      } else if (!hasOptions && !question.listId) {
        context.addIssue({
          code: 'custom',
          path: ['answerOptions'],
          message: 'Add at least one option or choose a list',
        });
      }
      const options = question.answerOptions ?? [];
      if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) {
        context.addIssue({
          code: 'custom',
          path: ['answerOptions'],
          message: 'Each option must be different',
        });
      }
    }
  });
export type SurveyQuestion = z.output<typeof surveyQuestionSchema>;
export type SurveyQuestionInput = z.input<typeof surveyQuestionSchema>;

/**
 * The definition of a version (docs/product-rules.md#properties-and-questions); the server validates it on
 * every write.
 */
export const surveyDefinitionSchema = z
  .object({
    schemaVersion: z
      .enum(schemaVersions, { error: 'schemaVersion must be "1.0" or "1.1"' })
      .default(defaultSchemaVersion),
    openingText: z
      .string()
      .max(5000, 'Opening text must be at most 5000 characters')
      .default(defaultOpeningText),
    closingText: z
      .string()
      .max(5000, 'Closing text must be at most 5000 characters')
      .default(defaultClosingText),
    reviewLink: reviewLinkSchema.default(''),
    properties: z.array(surveyPropertySchema).max(100, 'At most 100 properties').default([]),
    questions: z.array(surveyQuestionSchema).max(200, 'At most 200 questions').default([]),
    /** The language of the texts above (decision 025). */
    defaultLanguage: surveyLanguageSchema.default('en'),
    translations: z.partialRecord(surveyLanguageSchema, languageTranslationSchema).default({}),
  })
  .superRefine((definition, context) => {
    if (definition.translations[definition.defaultLanguage]) {
      context.addIssue({
        code: 'custom',
        path: ['translations', definition.defaultLanguage],
        message: 'The default language is the source texts; it cannot also be a translation',
      });
    }
    const seen = new Map<string, string>();
    definition.properties.forEach((property, index) => {
      if (seen.has(property.id)) {
        context.addIssue({
          code: 'custom',
          path: ['properties', index, 'id'],
          message: 'Each property needs its own id',
        });
      }
      seen.set(property.id, 'property');
    });
    const labels = new Set<string>();
    definition.properties.forEach((property, index) => {
      const key = property.label.toLowerCase();
      if (labels.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['properties', index, 'label'],
          message: 'Each property needs its own label',
        });
      }
      labels.add(key);
    });
    definition.questions.forEach((question, index) => {
      if (seen.has(question.id)) {
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'id'],
          message: 'Each question needs its own id',
        });
      }
      seen.set(question.id, 'question');
    });
    for (const problem of findLogicProblems(definition.questions)) {
      context.addIssue({ code: 'custom', path: ['questions', ...problem.path], message: problem.message });
    }
  })
  // A definition written with logic is a 1.1 one (decision 023); `overwrite` so replies encode too.
  .overwrite((definition) => {
    if (definition.questions.some((question) => hasQuestionLogic(question))) {
      definition.schemaVersion = logicSchemaVersion;
    }
    // Translations of texts that no longer exist are dropped (decision 025).
    const translations: Translations = {};
    for (const language of surveyLanguages) {
      const translation = definition.translations[language];
      if (translation) translations[language] = pruneTranslation(translation, definition);
    }
    definition.translations = translations;
    return definition;
  });
function hasQuestionLogic(question: { logic?: QuestionLogic }): boolean {
  return Boolean(question.logic?.showIf?.conditions.length || question.logic?.jumps?.length);
}

export type SurveyDefinition = z.output<typeof surveyDefinitionSchema>;
export type SurveyDefinitionInput = z.input<typeof surveyDefinitionSchema>;

/**
 * docs/product-rules.md#properties-and-questions: the definition may arrive as a JSON string or as an object.
 */
export const surveyDefinitionPayloadSchema = z.preprocess((value, context) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'The definition is not valid JSON' });
    return z.NEVER;
  }
}, surveyDefinitionSchema);

/**
 * `[Property Label]` tokens in opening and closing texts (docs/product-rules.md#properties-and-questions).
 */
export function findPropertyTokens(text: string): string[] {
  return [...text.matchAll(/\[([^[\]]+)\]/g)].map((match) => match[1]!.trim());
}

/**
 * Fills `[Property Label]` tokens with values by label. A token that names no property is left
 * out (with the space before it): respondents never see a raw token; the editor flags it as the
 * author types (`unknownPropertyTokens`).
 */
export function fillPropertyTokens(text: string, valuesByLabel: Record<string, string>): string {
  const byLowerLabel = new Map(
    Object.entries(valuesByLabel).map(([label, value]) => [label.toLowerCase(), value]),
  );
  return text.replace(/([ \t]?)\[([^[\]]+)\]/g, (_token, space: string, label: string) => {
    const value = byLowerLabel.get(label.trim().toLowerCase());
    return value === undefined ? '' : `${space}${value}`;
  });
}

/** The tokens of a text that name none of these properties, as written (`[Frist name]`). */
export function unknownPropertyTokens(text: string, properties: readonly { label: string }[]): string[] {
  const labels = new Set(properties.map((property) => property.label.trim().toLowerCase()));
  const unknown = findPropertyTokens(text).filter((label) => !labels.has(label.toLowerCase()));
  return [...new Set(unknown)].map((label) => `[${label}]`);
}
