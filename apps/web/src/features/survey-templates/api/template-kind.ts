import {
  type TemplateChanges,
  type TemplateKind,
  type TemplateSummaryModel,
  type TemplateVersionModel,
  templateApiPaths,
  templateBodyPrefix,
} from '@graphium/shared';

/**
 * Survey templates and base survey templates share every screen
 * (docs/product-rules.md#survey-templates-and-versions): what differs is
 * their texts and their API path. The field names of each kind's wire shape are mapped in
 * `@graphium/shared` (template-wire.ts), the same mapping the server uses.
 */
export type { TemplateChanges, TemplateKind };

export type KindConfig = {
  kind: TemplateKind;
  /** The API path, also the app path of the list page. */
  path: (typeof templateApiPaths)[TemplateKind];
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
    path: templateApiPaths.survey,
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
    path: templateApiPaths.base,
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

/** A template version as the screens work on it, whatever its kind (one shape with the server). */
export type TemplateVersion = TemplateVersionModel;
export type TemplateSummary = TemplateSummaryModel;

/**
 * Field problems of a 400 answer without the body field that the server names them by:
 * `surveyTemplateDefinition.questions.0.label` → `questions.0.label`,
 * `surveyTemplateSettings.alerts.0.conditions.0.value` → `alerts.0.conditions.0.value`.
 */
export function stripDetailPrefixes(kind: TemplateKind, details: Record<string, string>) {
  const pattern = new RegExp(`^${templateBodyPrefix(kind)}(Definition|Settings)\\.`);
  return Object.fromEntries(
    Object.entries(details).map(([key, message]) => [key.replace(pattern, ''), message]),
  );
}

export function templatePath(kind: TemplateKind, versionId: string, tab?: string): string {
  const base = `${kindConfigs[kind].path}/${versionId}`;
  return tab ? `${base}/${tab}` : base;
}
