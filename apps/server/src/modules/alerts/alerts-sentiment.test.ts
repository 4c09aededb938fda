import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { alertRows, completeSurvey, templateWithAlerts } from './test-alerts-fixtures.js';

// "Comment sentiment is negative" (docs/decisions/030-text-analytics.md): judged at completion with
// the same scoring as text analytics.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sentiment alert conditions', () => {
  it('fires when the comment is negative, and not otherwise', async () => {
    const { client } = await signUpClient(t.client());
    const template = await templateWithAlerts(client, (questions) => [
      {
        id: 'unhappy-comment',
        name: 'Unhappy comment',
        conditions: [{ surveyQuestionId: questions.long.id, operator: 'SENTIMENT_IS', value: 'negative' }],
        recipients: ['manager@example.com'],
      },
    ]);
    const { long } = template.questions;
    const angry = await completeSurvey(t, client, template.versionId, {
      [long.id]: 'Awful service, rude staff',
    });
    const happy = await completeSurvey(t, client, template.versionId, { [long.id]: 'Lovely, thank you' });
    const silent = await completeSurvey(t, client, template.versionId, {});
    const [fired] = await alertRows(t, angry);
    expect(fired?.alertName).toBe('Unhappy comment');
    expect(fired?.matchedConditions).toEqual([
      {
        questionLabel: long.label,
        operator: 'SENTIMENT_IS',
        value: 'negative',
        answer: 'Awful service, rude staff',
      },
    ]);
    expect(await alertRows(t, happy)).toEqual([]);
    expect(await alertRows(t, silent)).toEqual([]);
    const listed = await client.get('/api/survey-alerts/');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().surveyAlerts).toHaveLength(1);
  });

  it('refuses a sentiment condition on a question that is not text, or an unknown sentiment', async () => {
    const { client } = await signUpClient(t.client());
    const save = (
      condition: (questions: Awaited<ReturnType<typeof templateWithAlerts>>['questions']) => object,
    ) =>
      templateWithAlerts(client, (questions) => [
        { id: 'a', name: 'A', conditions: [condition(questions)], recipients: ['a@example.com'] },
      ]).then(
        () => undefined,
        (error: Error) => error.message,
      );
    expect(
      await save((questions) => ({
        surveyQuestionId: questions.nps.id,
        operator: 'SENTIMENT_IS',
        value: 'negative',
      })),
    ).toMatch(/operator does not apply/);
    expect(
      await save((questions) => ({
        surveyQuestionId: questions.long.id,
        operator: 'SENTIMENT_IS',
        value: 'angry',
      })),
    ).toMatch(/Choose a sentiment/);
  });
});
