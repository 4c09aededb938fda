import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { createLabelledList, everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { alertRows, uniqueEmail } from './test-alerts-fixtures.js';

// Alert conditions on survey properties (docs/decisions/035-alert-properties-and-one-source-of-figures.md):
// the list's property filters, checked when the alert is saved and judged when a survey completes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function propertyTemplate(client: TestClient) {
  const questions = everyQuestion();
  const stores = await createLabelledList(client, ['Harbour Street', 'Old Town']);
  const properties = {
    plan: { id: randomUUID(), type: 'Text', label: 'Plan' },
    seats: { id: randomUUID(), type: 'Number', label: 'Seats' },
    store: { id: randomUUID(), type: 'ListItem', label: 'Store', listId: stores.listId },
    secret: { id: randomUUID(), type: 'Text', label: 'Internal code', visibleInReportsAndFiltering: false },
  };
  const definition = {
    openingText: 'Hello',
    properties: Object.values(properties),
    questions: Object.values(questions),
  };
  const alert = (name: string, conditions: object[]) => ({
    id: randomUUID(),
    name,
    conditions,
    recipients: ['manager@example.com'],
  });
  const template = await publishTemplate(client, definition, {
    settings: {
      alerts: [
        alert('Unhappy Pro', [
          { surveyQuestionId: questions.nps.id, operator: 'LESS_THAN', value: 7 },
          { kind: 'property', surveyPropertyId: properties.plan.id, operator: 'equals', value: 'pro' },
        ]),
        alert('Big account', [
          { kind: 'property', surveyPropertyId: properties.seats.id, operator: 'between', value: '50..' },
        ]),
        alert('Harbour Street', [
          {
            kind: 'property',
            surveyPropertyId: properties.store.id,
            operator: 'is',
            value: stores.itemIds[0],
          },
        ]),
      ],
    },
  });
  return { template, questions, properties, stores, definition, alert };
}

async function completeWith(
  client: TestClient,
  versionId: string,
  surveyProperties: Record<string, unknown>,
  answers: Record<string, unknown>,
): Promise<string> {
  const sent = await client.post('/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail('respondent') }],
    surveyProperties,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const surveyId = sent.json().surveyId as string;
  const completed = await t
    .client()
    .patch(`/api/surveys/${surveyId}?markAsComplete=true`, { surveyResponses: answers });
  expect(completed.statusCode, completed.body).toBe(200);
  return surveyId;
}

const firedNames = async (surveyId: string) =>
  (await alertRows(t, surveyId)).map((row) => row.alertName).sort();

describe('alert conditions on survey properties', () => {
  it('fire when the survey has the property value, with the list filters’ meaning', async () => {
    const { client } = await signUpClient(t.client());
    const { template, questions, properties, stores } = await propertyTemplate(client);
    const versionId = template.surveyTemplateVersionId;
    const { nps } = questions;

    // Text equals ignores case, as the list's filter does; the number range has an open top.
    const unhappyPro = await completeWith(
      client,
      versionId,
      { [properties.plan.id]: 'PRO', [properties.seats.id]: 50, [properties.store.id]: stores.itemIds[0] },
      { [nps.id]: 3 },
    );
    expect(await firedNames(unhappyPro)).toEqual(['Big account', 'Harbour Street', 'Unhappy Pro']);
    const [matched] = (await alertRows(t, unhappyPro)).filter((row) => row.alertName === 'Harbour Street');
    expect(matched?.matchedConditions).toEqual([
      {
        kind: 'property',
        questionLabel: 'Store',
        operator: 'is',
        value: 'Harbour Street',
        answer: 'Harbour Street',
      },
    ]);
    const [pro] = (await alertRows(t, unhappyPro)).filter((row) => row.alertName === 'Unhappy Pro');
    expect(pro?.matchedConditions).toEqual([
      { questionLabel: nps.label, operator: 'LESS_THAN', value: 7, answer: 3 },
      { kind: 'property', questionLabel: 'Plan', operator: 'equals', value: 'pro', answer: 'PRO' },
    ]);
    // The e-mail says it as the alerts list does.
    const [email] = await t.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.surveyAlertId, pro!.id));
    expect(email?.textBody).toContain('Plan (property)');
    expect(email?.textBody).toContain('equals pro');

    // A happy Pro, a small unhappy Basic in the other store, and a survey without properties.
    const happyPro = await completeWith(client, versionId, { [properties.plan.id]: 'Pro' }, { [nps.id]: 9 });
    const smallBasic = await completeWith(
      client,
      versionId,
      { [properties.plan.id]: 'Basic', [properties.seats.id]: 49, [properties.store.id]: stores.itemIds[1] },
      { [nps.id]: 2 },
    );
    const bare = await completeWith(client, versionId, {}, { [nps.id]: 1 });
    expect(await firedNames(happyPro)).toEqual([]);
    expect(await firedNames(smallBasic)).toEqual([]);
    expect(await firedNames(bare)).toEqual([]);

    const listed = await client.get('/api/survey-alerts/');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().surveyAlerts).toHaveLength(3);
  });

  it('refuses an unknown property, one hidden from reports, and an operator or value its type does not take, naming it', async () => {
    const { client } = await signUpClient(t.client());
    const { template, properties, alert } = await propertyTemplate(client);
    // Settings stay editable on a published version.
    const versionId = template.surveyTemplateVersionId;
    const save = (condition: object) =>
      client.patch(`/api/survey-templates/${versionId}`, {
        surveyTemplateSettings: { alerts: [alert('Check', [condition])] },
      });
    const unknown = randomUUID();
    const cases: [object, string, string][] = [
      [
        { kind: 'property', surveyPropertyId: unknown, operator: 'equals', value: 'x' },
        `The survey has no property ${unknown}`,
        'surveyPropertyId',
      ],
      [
        { kind: 'property', surveyPropertyId: properties.secret.id, operator: 'equals', value: 'x' },
        'Internal code is hidden from reports: show it in reports to use it in an alert',
        'surveyPropertyId',
      ],
      [
        { kind: 'property', surveyPropertyId: properties.plan.id, operator: 'gt', value: '3' },
        'Plan: the operator must be one of contains, not_contains, equals, not_equals, starts_with, ends_with',
        'operator',
      ],
      [
        { kind: 'property', surveyPropertyId: properties.seats.id, operator: 'gte', value: 'many' },
        'Seats: the value must be a number',
        'value',
      ],
    ];
    for (const [condition, message, field] of cases) {
      const response = await save(condition);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(`An alert does not fit the survey's properties: ${message}`);
      expect(response.json().details).toEqual({
        [`surveyTemplateSettings.alerts.0.conditions.0.${field}`]: message,
      });
    }
    // A property condition with a question's operator is refused by the contract.
    const mixed = await save({
      kind: 'property',
      surveyPropertyId: properties.plan.id,
      operator: 'LESS_THAN',
      value: 1,
    });
    expect(mixed.statusCode).toBe(400);
    // Nothing was saved.
    const read = await client.get(`/api/survey-templates/${versionId}`);
    expect(read.json().surveyTemplateSettings.alerts.map((item: { name: string }) => item.name)).toEqual([
      'Unhappy Pro',
      'Big account',
      'Harbour Street',
    ]);
  });

  it("keeps another workspace's firings out of sight", async () => {
    const { client } = await signUpClient(t.client());
    const { template, properties, questions } = await propertyTemplate(client);
    const surveyId = await completeWith(
      client,
      template.surveyTemplateVersionId,
      { [properties.plan.id]: 'Pro' },
      { [questions.nps.id]: 0 },
    );
    const [row] = await alertRows(t, surveyId);
    expect(row?.alertName).toBe('Unhappy Pro');
    const { client: other } = await signUpClient(t.client());
    const listed = await other.get('/api/survey-alerts/');
    expect(listed.json().surveyAlerts).toEqual([]);
    const hidden = await other.patch(`/api/survey-alerts/${row!.id}/status`, { isActive: false });
    expect(hidden.statusCode).toBe(404);
  });
});
