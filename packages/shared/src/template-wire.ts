import type { SurveyDefinition } from './survey-definition.js';
import { surveyDefinitionPayloadSchema } from './survey-definition.js';
import type { SurveySettings } from './survey-settings.js';
import { surveySettingsSchema } from './survey-settings.js';
import type {
  NewTemplate,
  TemplateChanges,
  TemplateKind,
  TemplateSummaryModel,
  TemplateVersionModel,
  TemplateWire,
} from './template-model.js';

/** One kind's mapping both ways; `codecs` holds one per kind, so each is checked against its wire. */
interface TemplateCodec<K extends TemplateKind> {
  /** The body field a 400's details name the definition and settings by. */
  bodyPrefix: 'surveyTemplate' | 'baseSurveyTemplate';
  toVersion: (model: TemplateVersionModel) => TemplateWire[K]['version'];
  fromVersion: (wire: TemplateWire[K]['version']) => TemplateVersionModel;
  toList: (summaries: TemplateSummaryModel[]) => TemplateWire[K]['list'];
  fromList: (wire: TemplateWire[K]['list']) => TemplateSummaryModel[];
  toCreate: (template: NewTemplate) => TemplateWire[K]['create'];
  fromCreate: (wire: TemplateWire[K]['created']) => NewTemplate;
  toChanges: (changes: TemplateChanges) => TemplateWire[K]['update'];
  fromChanges: (wire: TemplateWire[K]['updated']) => TemplateChanges;
}

/** The definition may arrive as a JSON string or an object (docs/product-rules.md#survey-templates-and-versions). */
function readDefinition(raw: unknown): SurveyDefinition {
  const parsed = surveyDefinitionPayloadSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as SurveyDefinition;
}

function readSettings(raw: unknown): SurveySettings {
  const parsed = surveySettingsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : (raw as SurveySettings);
}

const timestampsOf = (model: TemplateVersionModel) => ({
  versionNumber: model.versionNumber,
  createdAt: model.createdAt,
  updatedAt: model.updatedAt,
});

const readTimestamps = (wire: { versionNumber?: number; createdAt: string; updatedAt: string }) => ({
  versionNumber: wire.versionNumber ?? 1,
  createdAt: wire.createdAt,
  updatedAt: wire.updatedAt,
});

const present = <T>(value: T | undefined) => value !== undefined;
const lastReadOf = (changes: TemplateChanges) =>
  present(changes.updatedAt) ? { updatedAt: changes.updatedAt } : {};

const surveyCodec: TemplateCodec<'survey'> = {
  bodyPrefix: 'surveyTemplate',
  toVersion: (model) => ({
    surveyTemplateVersionId: model.versionId,
    surveyTemplateId: model.templateId,
    surveyTemplateName: model.name,
    surveyTemplateDescription: model.description,
    surveyTemplateState: model.state,
    surveyTemplateDefinition: model.definition,
    surveyTemplateSettings: model.settings,
    baseSurveyTemplateVersionId: model.baseVersionId,
    ...timestampsOf(model),
    versions: model.versions.map((version) => ({
      surveyTemplateVersionId: version.versionId,
      versionNumber: version.versionNumber,
      surveyTemplateState: version.state,
      updatedAt: version.updatedAt,
    })),
  }),
  fromVersion: (wire) => ({
    versionId: wire.surveyTemplateVersionId,
    templateId: wire.surveyTemplateId,
    name: wire.surveyTemplateName,
    description: wire.surveyTemplateDescription ?? '',
    state: wire.surveyTemplateState,
    definition: readDefinition(wire.surveyTemplateDefinition),
    settings: readSettings(wire.surveyTemplateSettings),
    baseVersionId: wire.baseSurveyTemplateVersionId ?? null,
    createdByAccountId: null,
    ...readTimestamps(wire),
    versions: (wire.versions ?? []).map((version) => ({
      versionId: version.surveyTemplateVersionId,
      versionNumber: version.versionNumber,
      state: version.surveyTemplateState,
      updatedAt: version.updatedAt,
    })),
  }),
  toList: (summaries) => ({
    surveyTemplates: summaries.map((summary) => ({
      surveyTemplateId: summary.templateId,
      surveyTemplateVersionId: summary.versionId,
      surveyTemplateName: summary.name,
      surveyTemplateDescription: summary.description,
      surveyTemplateState: summary.state,
      updatedAt: summary.updatedAt,
      responsesCount: summary.count,
    })),
  }),
  fromList: (wire) =>
    (wire.surveyTemplates ?? []).map((item) => ({
      templateId: item.surveyTemplateId,
      versionId: item.surveyTemplateVersionId,
      name: item.surveyTemplateName,
      description: item.surveyTemplateDescription ?? '',
      state: item.surveyTemplateState,
      updatedAt: item.updatedAt,
      count: item.responsesCount ?? 0,
      questionCount: 0,
    })),
  toCreate: (template) => ({
    surveyTemplateName: template.name,
    surveyTemplateDescription: template.description,
    ...(template.baseVersionId ? { baseSurveyTemplateVersionId: template.baseVersionId } : {}),
  }),
  fromCreate: (wire) => ({
    name: wire.surveyTemplateName,
    description: wire.surveyTemplateDescription,
    baseVersionId: wire.baseSurveyTemplateVersionId,
  }),
  toChanges: (changes) => ({
    ...(present(changes.name) && { surveyTemplateName: changes.name }),
    ...(present(changes.description) && { surveyTemplateDescription: changes.description }),
    ...(present(changes.definition) && { surveyTemplateDefinition: changes.definition }),
    ...(present(changes.settings) && { surveyTemplateSettings: changes.settings }),
    ...lastReadOf(changes),
  }),
  fromChanges: (wire) => ({
    name: wire.surveyTemplateName,
    description: wire.surveyTemplateDescription,
    definition: wire.surveyTemplateDefinition,
    settings: wire.surveyTemplateSettings,
    updatedAt: wire.updatedAt,
  }),
};

const baseCodec: TemplateCodec<'base'> = {
  bodyPrefix: 'baseSurveyTemplate',
  toVersion: (model) => ({
    baseSurveyTemplateVersionId: model.versionId,
    baseSurveyTemplateId: model.templateId,
    baseSurveyTemplateName: model.name,
    baseSurveyTemplateDescription: model.description,
    baseSurveyTemplateState: model.state,
    baseSurveyTemplateDefinition: model.definition,
    baseSurveyTemplateSettings: model.settings,
    accountId: model.createdByAccountId,
    ...timestampsOf(model),
    versions: model.versions.map((version) => ({
      baseSurveyTemplateVersionId: version.versionId,
      versionNumber: version.versionNumber,
      baseSurveyTemplateState: version.state,
      updatedAt: version.updatedAt,
    })),
  }),
  fromVersion: (wire) => ({
    versionId: wire.baseSurveyTemplateVersionId,
    templateId: wire.baseSurveyTemplateId,
    name: wire.baseSurveyTemplateName,
    description: wire.baseSurveyTemplateDescription ?? '',
    state: wire.baseSurveyTemplateState,
    definition: readDefinition(wire.baseSurveyTemplateDefinition),
    settings: readSettings(wire.baseSurveyTemplateSettings),
    baseVersionId: null,
    createdByAccountId: wire.accountId ?? null,
    ...readTimestamps(wire),
    versions: (wire.versions ?? []).map((version) => ({
      versionId: version.baseSurveyTemplateVersionId,
      versionNumber: version.versionNumber,
      state: version.baseSurveyTemplateState,
      updatedAt: version.updatedAt,
    })),
  }),
  toList: (summaries) => ({
    baseSurveyTemplates: summaries.map((summary) => ({
      baseSurveyTemplateId: summary.templateId,
      baseSurveyTemplateVersionId: summary.versionId,
      baseSurveyTemplateName: summary.name,
      baseSurveyTemplateDescription: summary.description,
      baseSurveyTemplateState: summary.state,
      updatedAt: summary.updatedAt,
      usageCount: summary.count,
      questionCount: summary.questionCount,
    })),
  }),
  fromList: (wire) =>
    (wire.baseSurveyTemplates ?? []).map((item) => ({
      templateId: item.baseSurveyTemplateId,
      versionId: item.baseSurveyTemplateVersionId,
      name: item.baseSurveyTemplateName,
      description: item.baseSurveyTemplateDescription ?? '',
      state: item.baseSurveyTemplateState,
      updatedAt: item.updatedAt,
      count: item.usageCount ?? 0,
      questionCount: item.questionCount ?? 0,
    })),
  toCreate: (template) => ({
    baseSurveyTemplateName: template.name,
    baseSurveyTemplateDescription: template.description,
  }),
  fromCreate: (wire) => ({
    name: wire.baseSurveyTemplateName,
    description: wire.baseSurveyTemplateDescription,
  }),
  toChanges: (changes) => ({
    ...(present(changes.name) && { baseSurveyTemplateName: changes.name }),
    ...(present(changes.description) && { baseSurveyTemplateDescription: changes.description }),
    ...(present(changes.definition) && { baseSurveyTemplateDefinition: changes.definition }),
    ...(present(changes.settings) && { baseSurveyTemplateSettings: changes.settings }),
    ...lastReadOf(changes),
  }),
  fromChanges: (wire) => ({
    name: wire.baseSurveyTemplateName,
    description: wire.baseSurveyTemplateDescription,
    definition: wire.baseSurveyTemplateDefinition,
    settings: wire.baseSurveyTemplateSettings,
    updatedAt: wire.updatedAt,
  }),
};

const codecs: { [K in TemplateKind]: TemplateCodec<K> } = { survey: surveyCodec, base: baseCodec };

// Each function below is typed by its kind: `toVersionWire('base', …)` is a base template's wire
// shape. With a kind only known at run time the type is the union of both.

/** The version as the API sends it. */
export function toVersionWire<K extends TemplateKind>(
  kind: K,
  model: TemplateVersionModel,
): TemplateWire[K]['version'] {
  return codecs[kind].toVersion(model);
}

/** The version the API sent, as the screens work on it. */
export function fromVersionWire<K extends TemplateKind>(
  kind: K,
  wire: TemplateWire[K]['version'],
): TemplateVersionModel {
  return codecs[kind].fromVersion(wire);
}

/** The list as the API sends it. */
export function toListWire<K extends TemplateKind>(
  kind: K,
  summaries: TemplateSummaryModel[],
): TemplateWire[K]['list'] {
  return codecs[kind].toList(summaries);
}

/** The list the API sent, as the screens show it. */
export function fromListWire<K extends TemplateKind>(
  kind: K,
  wire: TemplateWire[K]['list'],
): TemplateSummaryModel[] {
  return codecs[kind].fromList(wire);
}

/** A create call's body. */
export function toCreateWire<K extends TemplateKind>(
  kind: K,
  template: NewTemplate,
): TemplateWire[K]['create'] {
  return codecs[kind].toCreate(template);
}

/** A create call's body, validated, as the service takes it. */
export function fromCreateWire<K extends TemplateKind>(
  kind: K,
  wire: TemplateWire[K]['created'],
): NewTemplate {
  return codecs[kind].fromCreate(wire);
}

/** An update call's body: only the fields that change. */
export function toChangesWire<K extends TemplateKind>(
  kind: K,
  changes: TemplateChanges,
): TemplateWire[K]['update'] {
  return codecs[kind].toChanges(changes);
}

/** An update call's body, validated, as the service takes it. */
export function fromChangesWire<K extends TemplateKind>(
  kind: K,
  wire: TemplateWire[K]['updated'],
): TemplateChanges {
  return codecs[kind].fromChanges(wire);
}

/** The body field a 400's details name the definition and settings by, per kind. */
export function templateBodyPrefix(kind: TemplateKind): 'surveyTemplate' | 'baseSurveyTemplate' {
  return codecs[kind].bodyPrefix;
}
