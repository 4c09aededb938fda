import type { SurveyDefinition } from './survey-definition.js';
import type { SurveySettings } from './survey-settings.js';
import type {
  BaseSurveyTemplateListItem,
  BaseSurveyTemplateVersion,
  CreateBaseSurveyTemplateBody,
  CreateBaseSurveyTemplateInput,
  CreateSurveyTemplateBody,
  CreateSurveyTemplateInput,
  SurveyTemplateListItem,
  SurveyTemplateVersion,
  TemplateState,
  UpdateBaseSurveyTemplateVersionBody,
  UpdateBaseSurveyTemplateVersionInput,
  UpdateSurveyTemplateVersionBody,
  UpdateSurveyTemplateVersionInput,
} from './survey-template.js';

/**
 * Survey templates and base survey templates are one thing to the server's service and to the
 * screens, but the API names each kind's fields after it (`surveyTemplateName`,
 * `baseSurveyTemplateName`, …; docs/product-rules.md#survey-templates-and-versions). The models
 * below are the one shape both sides work on; template-wire.ts maps them to and from each kind's
 * wire shape, typed by the wire schemas, so a renamed field is a type error on both sides.
 */
export const templateKinds = ['survey', 'base'] as const;
export type TemplateKind = (typeof templateKinds)[number];

/** Each kind's API path, the server's routes and the web app's calls alike. */
export const templateApiPaths = {
  survey: '/survey-templates',
  base: '/base-survey-templates',
} as const satisfies Record<TemplateKind, string>;

interface TemplateVersionSummary {
  versionId: string;
  versionNumber: number;
  state: TemplateState;
  updatedAt: string;
}

export interface TemplateVersionModel {
  versionId: string;
  templateId: string;
  name: string;
  description: string;
  state: TemplateState;
  versionNumber: number;
  definition: SurveyDefinition;
  settings: SurveySettings;
  /** Survey templates only: the base version it was created from. */
  baseVersionId: string | null;
  /** Base templates only: who created the version. */
  createdByAccountId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Newest first. */
  versions: TemplateVersionSummary[];
}

export interface TemplateSummaryModel {
  templateId: string;
  versionId: string;
  name: string;
  description: string;
  state: TemplateState;
  updatedAt: string;
  /** The list's count column: completed surveys (survey templates) or uses (base templates). */
  count: number;
  /** Base templates only: the questions of the listed version. */
  questionCount: number;
}

/** What a create call carries. */
export interface NewTemplate {
  name: string;
  description: string;
  /** Survey templates only: "Use a predefined template" copies this published base version. */
  baseVersionId?: string | undefined;
}

/** What an update call carries; absent fields stay as they are. */
export interface TemplateChanges {
  name?: string | undefined;
  description?: string | undefined;
  definition?: SurveyDefinition | undefined;
  settings?: SurveySettings | undefined;
  /** The version's `updatedAt` as last read: a stale one is refused. */
  updatedAt?: string | undefined;
}

export interface TemplateWire {
  survey: {
    version: SurveyTemplateVersion;
    list: { surveyTemplates: SurveyTemplateListItem[] };
    /** A body as the client sends it, and as the server has it once validated. */
    create: CreateSurveyTemplateInput;
    created: CreateSurveyTemplateBody;
    update: UpdateSurveyTemplateVersionInput;
    updated: UpdateSurveyTemplateVersionBody;
  };
  base: {
    version: BaseSurveyTemplateVersion;
    list: { baseSurveyTemplates: BaseSurveyTemplateListItem[] };
    create: CreateBaseSurveyTemplateInput;
    created: CreateBaseSurveyTemplateBody;
    update: UpdateBaseSurveyTemplateVersionInput;
    updated: UpdateBaseSurveyTemplateVersionBody;
  };
}
