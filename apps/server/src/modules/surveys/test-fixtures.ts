import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient } from '../../test/test-client.js';

// Test data for the survey tests: published templates with every question type, and lists.

export interface PublishedTemplate {
  surveyTemplateId: string;
  surveyTemplateVersionId: string;
  surveyTemplateName: string;
}

/** Creates a template with this definition (and settings) and publishes it. */
export async function publishTemplate(
  client: TestClient,
  definition: object,
  options: { name?: string; settings?: object; publish?: boolean } = {},
): Promise<PublishedTemplate> {
  const created = await client.post('/api/survey-templates/', {
    surveyTemplateName: options.name ?? 'After your visit',
    surveyTemplateDescription: 'Sent after each visit',
  });
  expect(created.statusCode).toBe(201);
  const versionId = created.json().surveyTemplateVersionId as string;
  const updated = await client.patch(`/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: definition,
    ...(options.settings ? { surveyTemplateSettings: options.settings } : {}),
  });
  expect(updated.statusCode, updated.body).toBe(200);
  if (options.publish !== false) {
    const published = await client.patch(`/api/survey-templates/${versionId}/state`, {
      stateCode: 'PUBLISHED',
    });
    expect(published.statusCode, published.body).toBe(200);
  }
  return {
    surveyTemplateId: created.json().surveyTemplateId,
    surveyTemplateVersionId: versionId,
    surveyTemplateName: created.json().surveyTemplateName,
  };
}

/** A list whose items are labelled by their `name`; the last `archived` items are archived. */
export async function createLabelledList(
  client: TestClient,
  names: string[],
  archived = 0,
): Promise<{ listId: string; itemIds: string[] }> {
  const list = await client.post('/api/lists/', { listName: 'Stores', listDescription: 'Our shops' });
  expect(list.statusCode).toBe(201);
  const listId = list.json().listId as string;
  const property = await client.post(`/api/lists/${listId}/property`, {
    listProperty: {
      name: 'name',
      displayName: 'Name',
      description: 'Store name',
      type: 'STRING',
      isDefaultLabel: true,
    },
  });
  expect(property.statusCode).toBe(201);
  const itemIds: string[] = [];
  for (const name of names) {
    const item = await client.post(`/api/lists/${listId}/item`, { listItemProperties: { name } });
    expect(item.statusCode, item.body).toBe(201);
    itemIds.push(item.json().listItemId);
  }
  for (const itemId of itemIds.slice(names.length - archived)) {
    const response = await client.patch(`/api/lists/${listId}/item/${itemId}`, { isArchived: true });
    expect(response.statusCode).toBe(200);
  }
  return { listId, itemIds };
}

/** One question of every type (docs/product-rules.md#sending-surveys), with ids the tests can address. */
export function everyQuestion(options: { listId?: string; required?: boolean } = {}) {
  const validation = { required: options.required ?? false };
  return {
    nps: {
      id: randomUUID(),
      type: 'NetPromoterScore',
      question: 'How likely are you to recommend us?',
      label: 'NPS',
      validation,
    },
    stars: {
      id: randomUUID(),
      type: 'StarRatingScale',
      question: 'Rate your visit',
      label: 'Stars',
      validation,
    },
    numeric: {
      id: randomUUID(),
      type: 'NumericScale',
      question: 'How easy was it?',
      label: 'Ease',
      startNumber: 1,
      endNumber: 7,
      validation,
    },
    choice: {
      id: randomUUID(),
      type: 'MultipleChoice',
      question: 'What did you buy?',
      label: 'Bought',
      answerOptions: ['Tyres', 'Oil'],
      multiSelect: true,
      includeOtherOption: true,
      validation,
    },
    dropdown: options.listId
      ? {
          id: randomUUID(),
          type: 'DropdownList',
          question: 'Which store did you visit?',
          label: 'Store',
          listId: options.listId,
          validation,
        }
      : {
          id: randomUUID(),
          type: 'DropdownList',
          question: 'Which store did you visit?',
          label: 'Store',
          answerOptions: ['North', 'South'],
          validation,
        },
    short: {
      id: randomUUID(),
      type: 'ShortTextEntry',
      question: 'Your name?',
      label: 'Name',
      maxLength: 20,
      validation,
    },
    long: {
      id: randomUUID(),
      type: 'LongTextEntry',
      question: 'Anything else?',
      label: 'Comments',
      validation,
    },
  };
}

export function bearer(apiKey: string) {
  return { headers: { authorization: `Bearer ${apiKey}` }, withoutXsrf: true };
}
