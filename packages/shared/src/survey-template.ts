import { z } from 'zod';
import { surveyDefinitionPayloadSchema, surveyDefinitionSchema } from './survey-definition.js';
import { surveySettingsSchema } from './survey-settings.js';

export const templateStates = ['DRAFT', 'PUBLISHED', 'UNPUBLISHED'] as const;
const templateStateSchema = z.enum(templateStates);
export type TemplateState = z.infer<typeof templateStateSchema>;

/** docs/product-rules.md#survey-templates-and-versions: unknown states display as Draft. */
export function templateStateLabel(state: string): 'Draft' | 'Published' | 'Unpublished' {
  if (state === 'PUBLISHED') return 'Published';
  if (state === 'UNPUBLISHED') return 'Unpublished';
  return 'Draft';
}

/**
 * DRAFT → PUBLISHED, PUBLISHED ↔ UNPUBLISHED (docs/product-rules.md#survey-templates-and-versions); anything
 * else is refused.
 */
export function canChangeTemplateState(from: TemplateState, to: TemplateState): boolean {
  if (to === 'PUBLISHED') return from === 'DRAFT' || from === 'UNPUBLISHED';
  if (to === 'UNPUBLISHED') return from === 'PUBLISHED';
  return false;
}

/** Only a draft's definition changes; Edit on a published or unpublished version makes a new draft. */
export function isDefinitionEditable(state: TemplateState): boolean {
  return state === 'DRAFT';
}

export const templateNameSchema = z
  .string({ error: 'Template name is required' })
  .trim()
  .min(1, 'Template name is required')
  .min(3, 'Template name must be at least 3 characters')
  .max(100, 'Template name must be at most 100 characters');

const descriptionSchema = z
  .string()
  .trim()
  .max(1000, 'Description must be at most 1000 characters')
  .default('');

export const stateChangeSchema = z.object({ stateCode: z.enum(['PUBLISHED', 'UNPUBLISHED']) });

/**
 * An update's `updatedAt` as last read: a stale one is refused
 * (docs/product-rules.md#survey-templates-and-versions).
 */
const lastReadSchema = z.iso.datetime({ offset: true }).optional();

// ---- survey templates (docs/product-rules.md#survey-templates-and-versions) ----

export const createSurveyTemplateSchema = z.object({
  surveyTemplateName: templateNameSchema,
  surveyTemplateDescription: descriptionSchema,
  baseSurveyTemplateVersionId: z.uuid().optional(),
});
export type CreateSurveyTemplateInput = z.input<typeof createSurveyTemplateSchema>;
export type CreateSurveyTemplateBody = z.output<typeof createSurveyTemplateSchema>;

export const updateSurveyTemplateVersionSchema = z.object({
  surveyTemplateName: templateNameSchema.optional(),
  surveyTemplateDescription: z.string().trim().max(1000).optional(),
  surveyTemplateDefinition: surveyDefinitionPayloadSchema.optional(),
  surveyTemplateSettings: surveySettingsSchema.optional(),
  updatedAt: lastReadSchema,
});
export type UpdateSurveyTemplateVersionInput = z.input<typeof updateSurveyTemplateVersionSchema>;
export type UpdateSurveyTemplateVersionBody = z.output<typeof updateSurveyTemplateVersionSchema>;

export const surveyTemplateVersionSchema = z.object({
  surveyTemplateVersionId: z.uuid(),
  surveyTemplateId: z.uuid(),
  surveyTemplateName: z.string(),
  surveyTemplateDescription: z.string(),
  surveyTemplateState: templateStateSchema,
  versionNumber: z.number().int(),
  surveyTemplateDefinition: surveyDefinitionSchema,
  surveyTemplateSettings: surveySettingsSchema,
  baseSurveyTemplateVersionId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Every version of the template, newest first, for the version history. */
  versions: z.array(
    z.object({
      surveyTemplateVersionId: z.uuid(),
      versionNumber: z.number().int(),
      surveyTemplateState: templateStateSchema,
      updatedAt: z.iso.datetime(),
    }),
  ),
});
export type SurveyTemplateVersion = z.output<typeof surveyTemplateVersionSchema>;

const surveyTemplateListItemSchema = z.object({
  surveyTemplateId: z.uuid(),
  surveyTemplateVersionId: z.uuid(),
  surveyTemplateName: z.string(),
  surveyTemplateDescription: z.string(),
  surveyTemplateState: templateStateSchema,
  updatedAt: z.iso.datetime(),
  /** Completed surveys of every version of the template. */
  responsesCount: z.number().int(),
});
export type SurveyTemplateListItem = z.infer<typeof surveyTemplateListItemSchema>;

export const surveyTemplateListSchema = z.object({ surveyTemplates: z.array(surveyTemplateListItemSchema) });

// ---- base survey templates (docs/product-rules.md#survey-templates-and-versions) ----

export const createBaseSurveyTemplateSchema = z.object({
  baseSurveyTemplateName: templateNameSchema,
  baseSurveyTemplateDescription: descriptionSchema,
  /**
   * Sent by the spec's client as a placeholder; the session decides
   * (docs/product-rules.md#survey-templates-and-versions).
   */
  accountId: z.string().optional(),
});
export type CreateBaseSurveyTemplateInput = z.input<typeof createBaseSurveyTemplateSchema>;
export type CreateBaseSurveyTemplateBody = z.output<typeof createBaseSurveyTemplateSchema>;

export const updateBaseSurveyTemplateVersionSchema = z.object({
  baseSurveyTemplateName: templateNameSchema.optional(),
  baseSurveyTemplateDescription: z.string().trim().max(1000).optional(),
  baseSurveyTemplateDefinition: surveyDefinitionPayloadSchema.optional(),
  baseSurveyTemplateSettings: surveySettingsSchema.optional(),
  updatedAt: lastReadSchema,
});
export type UpdateBaseSurveyTemplateVersionInput = z.input<typeof updateBaseSurveyTemplateVersionSchema>;
export type UpdateBaseSurveyTemplateVersionBody = z.output<typeof updateBaseSurveyTemplateVersionSchema>;

export const baseSurveyTemplateVersionSchema = z.object({
  baseSurveyTemplateVersionId: z.uuid(),
  baseSurveyTemplateId: z.uuid(),
  baseSurveyTemplateName: z.string(),
  baseSurveyTemplateDescription: z.string(),
  baseSurveyTemplateState: templateStateSchema,
  versionNumber: z.number().int(),
  baseSurveyTemplateDefinition: surveyDefinitionSchema,
  baseSurveyTemplateSettings: surveySettingsSchema,
  accountId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  versions: z.array(
    z.object({
      baseSurveyTemplateVersionId: z.uuid(),
      versionNumber: z.number().int(),
      baseSurveyTemplateState: templateStateSchema,
      updatedAt: z.iso.datetime(),
    }),
  ),
});
export type BaseSurveyTemplateVersion = z.output<typeof baseSurveyTemplateVersionSchema>;

const baseSurveyTemplateListItemSchema = z.object({
  baseSurveyTemplateId: z.uuid(),
  baseSurveyTemplateVersionId: z.uuid(),
  baseSurveyTemplateName: z.string(),
  baseSurveyTemplateDescription: z.string(),
  baseSurveyTemplateState: templateStateSchema,
  updatedAt: z.iso.datetime(),
  /** Templates created from any version of this base, in every workspace. */
  usageCount: z.number().int(),
  questionCount: z.number().int(),
});
export type BaseSurveyTemplateListItem = z.infer<typeof baseSurveyTemplateListItemSchema>;
export const baseSurveyTemplateListSchema = z.object({
  baseSurveyTemplates: z.array(baseSurveyTemplateListItemSchema),
});

/** The one text the screens show for a stale write (docs/product-rules.md#survey-templates-and-versions). */
export const staleTemplateMessage = 'This template was changed elsewhere. Reload to see the latest version.';
