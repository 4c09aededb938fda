import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { publishTemplate } from './test-fixtures.js';

// Languages on the respondent's side (decision 025): the page receives the template's
// translations, the survey records the language it was answered in, and answers stay
// language-independent so the summaries merge them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const choiceId = randomUUID();
const npsId = randomUUID();
const firstNameId = randomUUID();

async function spanishTemplate() {
  const { client } = await signUpClient(t.client());
  const template = await publishTemplate(client, {
    openingText: 'Welcome [First name]',
    properties: [{ id: firstNameId, type: 'Text', label: 'First name' }],
    questions: [
      { id: npsId, type: 'NetPromoterScore', question: 'Would you recommend us?', label: 'NPS' },
      {
        id: choiceId,
        type: 'MultipleChoice',
        question: 'Which service?',
        label: 'Service',
        answerOptions: ['Tyres', 'Brakes'],
      },
    ],
    translations: {
      es: {
        openingText: 'Bienvenido [First name]',
        questions: {
          [choiceId]: { question: '¿Qué servicio?', options: { Tyres: 'Neumáticos', Brakes: 'Frenos' } },
        },
      },
    },
  });
  const send = async () => {
    const response = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
      surveyProperties: { [firstNameId]: 'Ada' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return `/api/surveys/${response.json().surveyId}`;
  };
  return { client, template, send };
}

describe('a survey in several languages', () => {
  it('sends the translations with their tokens filled', async () => {
    const { send } = await spanishTemplate();
    const reply = (await t.client().get(await send())).json();
    const definition = reply.surveyTemplate.surveyTemplateDefinition;
    expect(definition.defaultLanguage).toBe('en');
    expect(definition.translations.es.openingText).toBe('Bienvenido Ada');
    expect(definition.translations.es.questions[choiceId].options.Tyres).toBe('Neumáticos');
  });

  it('records the language on save, shows it in the response detail and keeps choices by option', async () => {
    const { client, template, send } = await spanishTemplate();
    const inSpanish = await send();
    const respondent = t.client();
    const saved = await respondent.patch(`${inSpanish}?markAsComplete=true`, {
      surveyResponses: { [npsId]: 9, [choiceId]: ['Tyres'] },
      language: 'es',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().surveyResponses[choiceId]).toEqual(['Tyres']);
    const inEnglish = await send();
    const english = await t.client().patch(`${inEnglish}?markAsComplete=true`, {
      surveyResponses: { [npsId]: 3, [choiceId]: ['Tyres'] },
      language: 'en',
    });
    expect(english.statusCode, english.body).toBe(200);
    const unsaid = await send();

    const asWorkspace = { headers: { 'x-workspace-id': client.cookies.get('x-workspace-id')! } };
    const detail = await client.get(inSpanish, asWorkspace);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ language: 'es', surveyResponses: { [choiceId]: ['Tyres'] } });
    expect((await client.get(unsaid, asWorkspace)).json().language).toBeNull();

    const list = await client.get(`/api/surveys?surveyTemplateId=${template.surveyTemplateId}`);
    const service = list
      .json()
      .summary.questions.find((question: { questionLabel: string }) => question.questionLabel === 'Service');
    expect(service.distribution).toContainEqual({ value: 'Tyres', label: 'Tyres', count: 2 });
  });

  it('refuses a translated option label as an answer and a language the survey does not offer (400), saving nothing', async () => {
    const { send } = await spanishTemplate();
    const url = await send();
    const respondent = t.client();
    const label = await respondent.patch(url, {
      surveyResponses: { [choiceId]: ['Neumáticos'] },
      language: 'es',
    });
    expect(label.statusCode).toBe(400);
    const french = await respondent.patch(url, { surveyResponses: { [npsId]: 5 }, language: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toBe('This survey is not offered in French.');
    const unknown = await respondent.patch(url, { surveyResponses: { [npsId]: 5 }, language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect((await respondent.get(url)).json().surveyResponses).toEqual({});
  });
});
