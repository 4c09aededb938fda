import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient } from '../../test/test-client.js';

// What the templates tests share: questions of every type and a template made with them.
export const nps = () => ({
  id: randomUUID(),
  type: 'NetPromoterScore',
  question: 'How likely are you to recommend us?',
  label: 'NPS',
  startLabel: 'Not likely',
  endLabel: 'Very likely',
  compositeScore: { enabled: true, value: 50 },
});
export const allQuestions = () => [
  nps(),
  { id: randomUUID(), type: 'StarRatingScale', question: 'Rate the visit', label: 'Stars' },
  {
    id: randomUUID(),
    type: 'NumericScale',
    question: 'How easy?',
    label: 'Ease',
    startNumber: 1,
    endNumber: 7,
  },
  {
    id: randomUUID(),
    type: 'MultipleChoice',
    question: 'What did you buy?',
    label: 'Bought',
    answerOptions: ['Tyres', 'Oil'],
    multiSelect: true,
    includeOtherOption: true,
  },
  {
    id: randomUUID(),
    type: 'DropdownList',
    question: 'Which store?',
    label: 'Store',
    answerOptions: ['North', 'South'],
    placeholderText: 'Pick one',
  },
  { id: randomUUID(), type: 'ShortTextEntry', question: 'Your name?', label: 'Name' },
  { id: randomUUID(), type: 'LongTextEntry', question: 'Anything else?', label: 'Comments' },
];

export async function createTemplate(client: TestClient, name = 'Customer satisfaction') {
  const response = await client.post('/api/survey-templates/', {
    surveyTemplateName: name,
    surveyTemplateDescription: 'After each visit',
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

export async function withQuestions(
  client: TestClient,
  version: { surveyTemplateVersionId: string; updatedAt: string },
) {
  const response = await client.patch(`/api/survey-templates/${version.surveyTemplateVersionId}`, {
    updatedAt: version.updatedAt,
    surveyTemplateDefinition: {
      questions: allQuestions(),
      properties: [{ id: randomUUID(), type: 'Text', label: 'First name' }],
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
