import {
  type SurveyDefinition,
  type SurveySettings,
  surveyDefinitionPayloadSchema,
  surveySettingsSchema,
  type TemplateState,
} from '@graphium/shared';

/**
 * Survey templates and base survey templates share every screen (part 2 §2) and speak the same
 * protocol with different field names (`surveyTemplateName` / `baseSurveyTemplateName`, ...).
 * The screens work on the models below; this file maps them to and from each kind's wire shape.
 */
export type TemplateKind = 'survey' | 'base';

type Prefix = 'surveyTemplate' | 'baseSurveyTemplate';

export type KindConfig = {
  kind: TemplateKind;
  prefix: Prefix;
  /** The API path, also the app path of the list page. */
  path: '/survey-templates' | '/base-survey-templates';
  texts: {
    listTitle: string;
    listDescription: string;
    searchPlaceholder: string;
    loading: string;
    listError: string;
    empty: string;
    emptyAction: string;
    createButton: string;
    countHeader: string;
    back: string;
    loadError: string;
    notFound: string;
    propertiesError: string;
    questionsError: string;
    noun: string;
    stateFailure?: string;
    newVersionFailure: string;
  };
};

export const kindConfigs: Record<TemplateKind, KindConfig> = {
  survey: {
    kind: 'survey',
    prefix: 'surveyTemplate',
    path: '/survey-templates',
    texts: {
      listTitle: 'Survey Templates',
      listDescription: 'Build surveys, publish them and send them to your audience.',
      searchPlaceholder: 'Search templates...',
      loading: 'Loading survey templates...',
      listError: 'Error loading survey templates',
      empty: 'No survey templates yet',
      emptyAction: 'Create Your First Template',
      createButton: 'Create Template',
      countHeader: 'Responses',
      back: 'Back to Templates',
      loadError: 'Error loading survey template',
      notFound: 'Survey template not found',
      propertiesError: 'Error loading survey template',
      questionsError: 'Error loading survey template',
      noun: 'template',
      newVersionFailure: 'Failed to create new template version.',
    },
  },
  base: {
    kind: 'base',
    prefix: 'baseSurveyTemplate',
    path: '/base-survey-templates',
    texts: {
      listTitle: 'Base Survey Templates',
      listDescription: 'Reusable templates every workspace can start a survey template from.',
      searchPlaceholder: 'Search base templates...',
      loading: 'Loading base survey templates...',
      listError: 'Error loading base survey templates',
      empty: 'No base templates yet',
      emptyAction: 'Create New Base Template',
      createButton: 'Create Base Template',
      countHeader: 'Usage',
      back: 'Back to Base Templates',
      loadError: 'Error loading base survey template',
      notFound: 'Base survey template not found',
      propertiesError: 'Error loading base survey template properties',
      questionsError: 'Error loading base survey template questions',
      noun: 'base template',
      stateFailure: 'Failed to update base template state.',
      newVersionFailure: 'Failed to create new base template version.',
    },
  },
};

export type TemplateVersionSummary = {
  versionId: string;
  versionNumber: number;
  state: TemplateState;
  updatedAt: string;
};

export type TemplateVersion = {
  kind: TemplateKind;
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
  createdAt: string;
  updatedAt: string;
  /** Newest first. */
  versions: TemplateVersionSummary[];
};

export type TemplateSummary = {
  templateId: string;
  versionId: string;
  name: string;
  description: string;
  state: TemplateState;
  updatedAt: string | undefined;
  /** Responses (survey templates) or usage (base templates): the list's count column. */
  count: number;
  /** Base templates only: the questions of the listed version. */
  questionCount: number;
};

type Wire = Record<string, unknown>;

function read<T>(wire: Wire, prefix: Prefix, name: string): T {
  return wire[`${prefix}${name}`] as T;
}

/** Part 2 §3: the definition may arrive as a JSON string or an object. */
function readDefinition(raw: unknown): SurveyDefinition {
  const parsed = surveyDefinitionPayloadSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as SurveyDefinition;
}

function readSettings(raw: unknown): SurveySettings {
  const parsed = surveySettingsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : (raw as SurveySettings);
}

export function toTemplateVersion(kind: TemplateKind, wire: Wire): TemplateVersion {
  const { prefix } = kindConfigs[kind];
  return {
    kind,
    versionId: read(wire, prefix, 'VersionId'),
    templateId: read(wire, prefix, 'Id'),
    name: read(wire, prefix, 'Name'),
    description: read<string | undefined>(wire, prefix, 'Description') ?? '',
    state: read(wire, prefix, 'State'),
    versionNumber: (wire.versionNumber as number | undefined) ?? 1,
    definition: readDefinition(read(wire, prefix, 'Definition')),
    settings: readSettings(read(wire, prefix, 'Settings')),
    baseVersionId: (wire.baseSurveyTemplateVersionId as string | null | undefined) ?? null,
    createdAt: wire.createdAt as string,
    updatedAt: wire.updatedAt as string,
    versions: ((wire.versions as Wire[] | undefined) ?? []).map((version) => ({
      versionId: read(version, prefix, 'VersionId'),
      versionNumber: version.versionNumber as number,
      state: read(version, prefix, 'State'),
      updatedAt: version.updatedAt as string,
    })),
  };
}

export function toTemplateSummary(kind: TemplateKind, wire: Wire): TemplateSummary {
  const { prefix } = kindConfigs[kind];
  return {
    templateId: read(wire, prefix, 'Id'),
    versionId: read(wire, prefix, 'VersionId'),
    name: read(wire, prefix, 'Name'),
    description: read<string | undefined>(wire, prefix, 'Description') ?? '',
    state: read(wire, prefix, 'State'),
    updatedAt: (wire.updatedAt as string | undefined) ?? undefined,
    count: ((kind === 'survey' ? wire.responsesCount : wire.usageCount) as number | undefined) ?? 0,
    questionCount: (wire.questionCount as number | undefined) ?? 0,
  };
}

export type TemplateChanges = {
  name?: string;
  description?: string;
  definition?: SurveyDefinition;
  settings?: SurveySettings;
};

export function toWireChanges(kind: TemplateKind, changes: TemplateChanges): Wire {
  const { prefix } = kindConfigs[kind];
  const wire: Wire = {};
  if (changes.name !== undefined) wire[`${prefix}Name`] = changes.name;
  if (changes.description !== undefined) wire[`${prefix}Description`] = changes.description;
  if (changes.definition !== undefined) wire[`${prefix}Definition`] = changes.definition;
  if (changes.settings !== undefined) wire[`${prefix}Settings`] = changes.settings;
  return wire;
}

/**
 * Field problems of a 400 answer without the body field that the server names them by:
 * `surveyTemplateDefinition.questions.0.label` → `questions.0.label`,
 * `surveyTemplateSettings.alerts.0.conditions.0.value` → `alerts.0.conditions.0.value`.
 */
export function stripDetailPrefixes(kind: TemplateKind, details: Record<string, string>) {
  const { prefix } = kindConfigs[kind];
  const pattern = new RegExp(`^${prefix}(Definition|Settings)\\.`);
  return Object.fromEntries(
    Object.entries(details).map(([key, message]) => [key.replace(pattern, ''), message]),
  );
}

export function templatePath(kind: TemplateKind, versionId: string, tab?: string): string {
  const base = `${kindConfigs[kind].path}/${versionId}`;
  return tab ? `${base}/${tab}` : base;
}
