import { describe, expect, it } from 'vitest';
import {
  canChangeTemplateState,
  createSurveyTemplateSchema,
  isDefinitionEditable,
  templateStateLabel,
} from './survey-template.js';

describe('template states (docs/product-rules.md#survey-templates-and-versions)', () => {
  it.each([
    ['DRAFT', 'PUBLISHED', true],
    ['UNPUBLISHED', 'PUBLISHED', true],
    ['PUBLISHED', 'UNPUBLISHED', true],
    ['DRAFT', 'UNPUBLISHED', false],
    ['PUBLISHED', 'PUBLISHED', false],
    ['UNPUBLISHED', 'UNPUBLISHED', false],
    ['PUBLISHED', 'DRAFT', false],
  ] as const)('%s → %s is %s', (from, to, allowed) => {
    expect(canChangeTemplateState(from, to)).toBe(allowed);
  });

  it('lets only a draft change its definition', () => {
    expect(isDefinitionEditable('DRAFT')).toBe(true);
    expect(isDefinitionEditable('PUBLISHED')).toBe(false);
    expect(isDefinitionEditable('UNPUBLISHED')).toBe(false);
  });

  it('shows unknown states as Draft', () => {
    expect(templateStateLabel('PUBLISHED')).toBe('Published');
    expect(templateStateLabel('UNPUBLISHED')).toBe('Unpublished');
    expect(templateStateLabel('ARCHIVED')).toBe('Draft');
  });
});

describe('template names (docs/product-rules.md#survey-templates-and-versions)', () => {
  it.each([
    ['', 'Template name is required'],
    ['ab', 'Template name must be at least 3 characters'],
  ])('rejects %j', (name, message) => {
    expect(createSurveyTemplateSchema.safeParse({ surveyTemplateName: name }).error?.issues[0]?.message).toBe(
      message,
    );
  });

  it('accepts a name of 3 characters and defaults the description', () => {
    expect(createSurveyTemplateSchema.parse({ surveyTemplateName: ' NPS ' })).toEqual({
      surveyTemplateName: 'NPS',
      surveyTemplateDescription: '',
    });
  });
});
