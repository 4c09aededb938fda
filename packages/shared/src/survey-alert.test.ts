import { describe, expect, it } from 'vitest';
import {
  matchesSurveyAlertSearch,
  respondentLabel,
  type SurveyAlert,
  surveyAlertChannels,
  surveyAlertSchema,
  surveyAlertsResponseSchema,
  surveyResponsePath,
  updateSurveyAlertStatusSchema,
} from './survey-alert.js';

function makeSurveyAlert(overrides: Partial<SurveyAlert> = {}): SurveyAlert {
  return {
    surveyAlertId: '0b9d4c1e-8d1f-4a8e-9a53-1a2b3c4d5e6f',
    isActive: true,
    createdAt: '2025-03-01T10:00:00.000Z',
    alertId: 'alert-1',
    alertName: 'Detractor',
    surveyId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    surveyTemplateId: '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    surveyTemplateVersionId: '8b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e',
    matchedConditions: [{ questionLabel: 'How likely…?', operator: 'LESS_THAN', value: 7, answer: 3 }],
    respondent: 'Ada Lovelace',
    undelivered: [],
    survey: {
      surveyTemplate: {
        surveyTemplateName: 'Service visit',
        surveyTemplateDescription: 'After each workshop visit',
        surveyTemplateSettings: {
          alerts: [
            { id: 'alert-1', notificationChannels: ['email', 'slack'] },
            { id: 'alert-2', notificationChannels: ['email'] },
          ],
        },
      },
    },
    ...overrides,
  };
}

function withAlerts(alerts: SurveyAlert['survey']['surveyTemplate']['surveyTemplateSettings']['alerts']) {
  const surveyAlert = makeSurveyAlert();
  surveyAlert.survey.surveyTemplate.surveyTemplateSettings.alerts = alerts;
  return surveyAlert;
}

describe('survey alert contract (docs/product-rules.md#alerts)', () => {
  it('accepts the list reply and defaults a template alert without channels to e-mail', () => {
    const reply = surveyAlertsResponseSchema.parse({
      surveyAlerts: [
        {
          ...makeSurveyAlert(),
          matchedConditions: [{ questionLabel: 'Comments', operator: 'IS_EMPTY', value: '', answer: null }],
          survey: {
            surveyTemplate: {
              surveyTemplateName: 'T',
              surveyTemplateDescription: null,
              surveyTemplateSettings: { alerts: [{}] },
            },
          },
        },
      ],
    });
    expect(reply.surveyAlerts[0]?.survey.surveyTemplate.surveyTemplateSettings.alerts[0]).toEqual({
      notificationChannels: ['email'],
    });
  });

  it('rejects an unknown operator and a missing id', () => {
    const bad = {
      ...makeSurveyAlert(),
      matchedConditions: [{ questionLabel: 'Q', operator: 'LIKE', value: 1, answer: 1 }],
    };
    expect(surveyAlertSchema.safeParse(bad).success).toBe(false);
    const { surveyAlertId: _ignored, ...withoutId } = makeSurveyAlert();
    expect(surveyAlertSchema.safeParse(withoutId).success).toBe(false);
  });

  it('takes a boolean status only', () => {
    expect(updateSurveyAlertStatusSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(updateSurveyAlertStatusSchema.safeParse({ isActive: 'false' }).error?.issues[0]?.message).toBe(
      'isActive must be true or false',
    );
    expect(updateSurveyAlertStatusSchema.safeParse({}).success).toBe(false);
  });
});

describe('survey alert cards (docs/product-rules.md#alerts)', () => {
  it('shows the channels of the alert that fired', () => {
    expect(surveyAlertChannels(makeSurveyAlert())).toEqual(['email', 'slack']);
    expect(surveyAlertChannels(makeSurveyAlert({ alertId: 'alert-2' }))).toEqual(['email']);
  });

  it('falls back to the union of the template alerts, then to e-mail', () => {
    const union = withAlerts([
      { notificationChannels: ['slack'] },
      { notificationChannels: ['email', 'slack'] },
    ]);
    expect(surveyAlertChannels(union)).toEqual(['slack', 'email']);
    expect(surveyAlertChannels(withAlerts([]))).toEqual(['email']);
  });

  it('searches template name, alert name and description, ignoring case and spaces', () => {
    const surveyAlert = makeSurveyAlert();
    expect(matchesSurveyAlertSearch(surveyAlert, '')).toBe(true);
    expect(matchesSurveyAlertSearch(surveyAlert, '  SERVICE ')).toBe(true);
    expect(matchesSurveyAlertSearch(surveyAlert, 'detract')).toBe(true);
    expect(matchesSurveyAlertSearch(surveyAlert, 'workshop')).toBe(true);
    expect(matchesSurveyAlertSearch(surveyAlert, 'invoice')).toBe(false);
    const noDescription = makeSurveyAlert();
    noDescription.survey.surveyTemplate.surveyTemplateDescription = null;
    expect(matchesSurveyAlertSearch(noDescription, 'workshop')).toBe(false);
  });
});

describe('survey response link', () => {
  it('addresses the response detail by template version and survey', () => {
    expect(
      surveyResponsePath('8b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e', '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'),
    ).toBe(
      '/survey-templates/8b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e/responses/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    );
  });
});

describe('respondentLabel (docs/product-rules.md#alerts)', () => {
  const properties = [
    { id: 'f', label: 'First name' },
    { id: 'l', label: 'Last Name' },
    { id: 's', label: 'Store name' },
  ];
  const email = [{ contactMethodType: 'email', emailAddress: 'ada@example.com' }];
  const phone = [{ contactMethodType: 'phone', phoneNumber: '5551234567' }];

  it('names the respondent from name properties, else the address or number, else anonymous', () => {
    expect(respondentLabel(properties, { f: 'Ada', l: 'Lovelace', s: 'North' }, email)).toBe('Ada Lovelace');
    expect(respondentLabel([{ id: 'n', label: 'Full name' }], { n: ' Ada King ' }, email)).toBe('Ada King');
    expect(respondentLabel(properties, { f: 'Ada' }, email)).toBe('Ada');
    expect(respondentLabel(properties, { s: 'North' }, email)).toBe('ada@example.com');
    expect(respondentLabel([], {}, [...phone, ...email])).toBe('ada@example.com');
    expect(respondentLabel([], {}, phone)).toBe('(555) 123-4567');
    expect(respondentLabel([], {}, [])).toBe('Anonymous respondent');
  });
});
