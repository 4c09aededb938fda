import type { SurveyProperty } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { previewSource } from './preview-source';
import { everyQuestion, respondentSurvey } from './testing/fake-api';

const northId = '11111111-2222-4333-8444-555555555555';

describe("the preview's survey source", () => {
  it('keeps answers in memory, merging and clearing as the server does, and completes', async () => {
    const source = previewSource(respondentSurvey({ state: 'SENT', questions: everyQuestion(true) }));
    expect(await source.save({ 'q-nps': 9, 'q-dropdown': northId }, false)).toMatchObject({
      surveyState: 'IN_PROGRESS',
      surveyResponses: { 'q-nps': 9, 'q-dropdown': northId },
    });
    await source.save({ 'q-dropdown': null }, false);
    expect(await source.getSurvey(false)).toMatchObject({
      surveyState: 'IN_PROGRESS',
      surveyResponses: { 'q-nps': 9 },
    });
  });

  it('completes in memory', async () => {
    const source = previewSource(respondentSurvey({ state: 'SENT' }));
    expect(await source.save({ 'q-nps': 3 }, true)).toMatchObject({ surveyState: 'COMPLETE' });
    expect(await source.getSurvey(false)).toMatchObject({
      surveyState: 'COMPLETE',
      surveyResponses: { 'q-nps': 3 },
    });
  });

  it('asks for the authentication properties first and accepts any values', async () => {
    const survey = respondentSurvey({ state: 'SENT' });
    survey.surveyTemplate.surveyTemplateDefinition.properties = [
      {
        id: 'p-last',
        type: 'Text',
        label: 'Last Name',
        validation: { required: true, authentication: true },
      } as SurveyProperty,
    ];
    const source = previewSource(survey);
    expect(await source.getSurvey(true)).toMatchObject({
      requiresAuthentication: true,
      surveyTemplate: {
        authenticationProperties: [{ id: 'p-last', label: 'Last Name', type: 'Text', required: true }],
      },
    });
    expect(await source.authenticate({ 'p-last': 'whoever' })).toMatchObject({ success: true });
    expect(await source.getSurvey(false)).toMatchObject({ requiresAuthentication: false });
  });
});
