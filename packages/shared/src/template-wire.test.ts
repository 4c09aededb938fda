import { describe, expect, expectTypeOf, it } from 'vitest';
import { surveyDefinitionSchema } from './survey-definition.js';
import { surveySettingsSchema } from './survey-settings.js';
import {
  type BaseSurveyTemplateVersion,
  baseSurveyTemplateListSchema,
  baseSurveyTemplateVersionSchema,
  createBaseSurveyTemplateSchema,
  createSurveyTemplateSchema,
  type SurveyTemplateVersion,
  surveyTemplateListSchema,
  surveyTemplateVersionSchema,
  updateBaseSurveyTemplateVersionSchema,
  updateSurveyTemplateVersionSchema,
} from './survey-template.js';
import {
  type TemplateSummaryModel,
  type TemplateVersionModel,
  templateApiPaths,
  templateKinds,
} from './template-model.js';
import {
  fromChangesWire,
  fromCreateWire,
  fromListWire,
  fromVersionWire,
  templateBodyPrefix,
  toChangesWire,
  toCreateWire,
  toListWire,
  toVersionWire,
} from './template-wire.js';

const ids = {
  version: '6f1c2d3e-4a5b-4c6d-8e7f-000000000001',
  template: '6f1c2d3e-4a5b-4c6d-8e7f-000000000002',
  base: '6f1c2d3e-4a5b-4c6d-8e7f-000000000003',
  account: '6f1c2d3e-4a5b-4c6d-8e7f-000000000004',
};

function version(overrides: Partial<TemplateVersionModel> = {}): TemplateVersionModel {
  return {
    versionId: ids.version,
    templateId: ids.template,
    name: 'After-visit survey',
    description: 'Asked the day after',
    state: 'DRAFT',
    versionNumber: 2,
    definition: surveyDefinitionSchema.parse({}),
    settings: surveySettingsSchema.parse({}),
    baseVersionId: null,
    createdByAccountId: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    versions: [
      { versionId: ids.version, versionNumber: 2, state: 'DRAFT', updatedAt: '2025-03-02T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

const summary: TemplateSummaryModel = {
  templateId: ids.template,
  versionId: ids.version,
  name: 'After-visit survey',
  description: '',
  state: 'PUBLISHED',
  updatedAt: '2025-03-02T10:00:00.000Z',
  count: 12,
  questionCount: 4,
};

describe('template wire mapping', () => {
  it('sends a survey template version under its kind’s field names and reads it back', () => {
    const model = version({ baseVersionId: ids.base });
    const wire = toVersionWire('survey', model);
    expect(surveyTemplateVersionSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({
      surveyTemplateVersionId: ids.version,
      surveyTemplateName: 'After-visit survey',
      baseSurveyTemplateVersionId: ids.base,
    });
    expect(fromVersionWire('survey', wire)).toEqual(model);
  });

  it('sends a base template version with its creator and reads it back', () => {
    const model = version({ createdByAccountId: ids.account });
    const wire = toVersionWire('base', model);
    expect(baseSurveyTemplateVersionSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ baseSurveyTemplateId: ids.template, accountId: ids.account });
    expect(fromVersionWire('base', wire)).toEqual(model);
  });

  it('reads a definition sent as a JSON string', () => {
    const wire = toVersionWire('survey', version());
    const stringified = { ...wire, surveyTemplateDefinition: JSON.stringify(version().definition) };
    expect(fromVersionWire('survey', stringified as never).definition).toEqual(version().definition);
  });

  it('lists each kind with its own count field', () => {
    const surveys = toListWire('survey', [summary]);
    expect(surveyTemplateListSchema.parse(surveys)).toEqual(surveys);
    expect(surveys).toEqual({ surveyTemplates: [expect.objectContaining({ responsesCount: 12 })] });
    expect(fromListWire('survey', surveys)).toEqual([{ ...summary, questionCount: 0 }]);

    const bases = toListWire('base', [summary]);
    expect(baseSurveyTemplateListSchema.parse(bases)).toEqual(bases);
    expect(bases).toEqual({
      baseSurveyTemplates: [expect.objectContaining({ usageCount: 12, questionCount: 4 })],
    });
    expect(fromListWire('base', bases)).toEqual([summary]);
  });

  it('carries a new template, with its base only for survey templates', () => {
    const created = { name: 'Checkout', description: 'At the till', baseVersionId: ids.base };
    const survey = createSurveyTemplateSchema.parse(toCreateWire('survey', created));
    expect(survey).toEqual({
      surveyTemplateName: 'Checkout',
      surveyTemplateDescription: 'At the till',
      baseSurveyTemplateVersionId: ids.base,
    });
    expect(fromCreateWire('survey', survey)).toEqual(created);
    const base = createBaseSurveyTemplateSchema.parse(toCreateWire('base', created));
    expect(fromCreateWire('base', base)).toEqual({ name: 'Checkout', description: 'At the till' });
  });

  it('carries only the fields that change', () => {
    const changes = { name: 'Renamed', updatedAt: '2025-03-02T10:00:00.000Z' };
    const survey = toChangesWire('survey', changes);
    expect(survey).toEqual({ surveyTemplateName: 'Renamed', updatedAt: changes.updatedAt });
    expect(fromChangesWire('survey', updateSurveyTemplateVersionSchema.parse(survey))).toMatchObject(changes);
    const settings = surveySettingsSchema.parse({});
    const base = toChangesWire('base', { settings });
    expect(base).toEqual({ baseSurveyTemplateSettings: settings });
    expect(fromChangesWire('base', updateBaseSurveyTemplateVersionSchema.parse(base)).settings).toEqual(
      settings,
    );
    expect(templateBodyPrefix('base')).toBe('baseSurveyTemplate');
  });

  it('types each kind by its own wire shape', () => {
    expectTypeOf(toVersionWire('survey', version())).toEqualTypeOf<SurveyTemplateVersion>();
    expectTypeOf(toVersionWire('base', version())).toEqualTypeOf<BaseSurveyTemplateVersion>();
    expectTypeOf(fromVersionWire<'base'>)
      .parameter(1)
      .toEqualTypeOf<BaseSurveyTemplateVersion>();
    // @ts-expect-error: a survey template's fields are not a base template's wire
    toChangesWire('base', {}).surveyTemplateName;
  });

  it('names an API path for every kind', () => {
    expect(templateKinds.map((kind) => templateApiPaths[kind])).toEqual([
      '/survey-templates',
      '/base-survey-templates',
    ]);
  });
});
