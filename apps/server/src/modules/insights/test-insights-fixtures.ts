import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { publishTemplate } from '../surveys/test-fixtures.js';

// What the dashboard tests share: templates with an NPS question (in the composite, and with an
// alert that opens a case below 7) or stars only, and surveys sent and answered on given days.

/** Noon (UTC) on a day of March 2026. */
export const march = (day: number) => new Date(Date.UTC(2026, 2, day, 12));

export async function npsTemplate(client: TestClient, name: string) {
  const nps = {
    id: randomUUID(),
    type: 'NetPromoterScore',
    question: 'How likely are you to recommend us?',
    label: 'NPS',
    compositeScore: { enabled: true, value: 1 },
  };
  const template = await publishTemplate(
    client,
    { questions: [nps] },
    {
      name,
      settings: {
        alerts: [
          {
            id: 'detractor',
            name: 'Unhappy customer',
            conditions: [{ surveyQuestionId: nps.id, operator: 'LESS_THAN', value: 7 }],
            recipients: ['chief@example.com'],
            responseHours: 1,
          },
        ],
      },
    },
  );
  return { ...template, questionId: nps.id };
}

export async function starsTemplate(client: TestClient, name: string) {
  const stars = {
    id: randomUUID(),
    type: 'StarRatingScale',
    question: 'Rate your visit',
    label: 'Stars',
    compositeScore: { enabled: true, value: 1 },
  };
  const template = await publishTemplate(client, { questions: [stars] }, { name });
  return { ...template, questionId: stars.id };
}

type Template = { surveyTemplateVersionId: string; questionId: string };

/** Sends a survey on `sentOn`; answers it on `answeredOn` when given (the clock is left there). */
export async function sendAndAnswer(
  t: TestApp,
  client: TestClient,
  template: Template,
  sentOn: Date,
  answer?: { value: number; on: Date },
): Promise<string> {
  t.setNow(sentOn);
  const sent = await client.post('/api/surveys/', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `${randomUUID()}@example.com` }],
    surveyProperties: {},
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const surveyId = sent.json().surveyId as string;
  if (answer) {
    t.setNow(answer.on);
    const completed = await t.client().patch(`/api/surveys/${surveyId}?markAsComplete=true`, {
      surveyResponses: { [template.questionId]: answer.value },
    });
    expect(completed.statusCode, completed.body).toBe(200);
  }
  return surveyId;
}
