import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { createLabelledList, everyQuestion, publishTemplate } from './test-fixtures.js';

// What the respondent tests share: a sent survey with authentication properties and tokens, and a respondent who authenticated.
export const notFoundMessage = "The survey you're looking for doesn't exist or has expired.";
export const secretFirstName = 'Augusta';
export const secretCity = 'Marylebone';

/**
 * A survey of a template with every question type (the dropdown drawing on a list), two
 * authentication properties (last name, birthday) and two ordinary ones.
 */
export async function sentSurvey(
  t: TestApp,
  options: {
    authentication?: boolean;
    required?: boolean;
    expiration?: object;
    showEstimatedTime?: boolean;
    closingText?: string;
    reviewLink?: string;
  } = {},
) {
  const { client } = await signUpClient(t.client());
  const { listId, itemIds } = await createLabelledList(client, ['North', 'South', 'Gone'], 1);
  const withAuthentication = options.authentication ?? true;
  const properties = {
    lastName: {
      id: randomUUID(),
      type: 'Text',
      label: 'Last name',
      validation: { required: true, authentication: withAuthentication },
    },
    birthday: {
      id: randomUUID(),
      type: 'Date',
      label: 'Birthday',
      validation: { authentication: withAuthentication },
    },
    firstName: { id: randomUUID(), type: 'Text', label: 'First name' },
    city: { id: randomUUID(), type: 'Text', label: 'City' },
  };
  const questions = everyQuestion({ listId, required: options.required });
  const template = await publishTemplate(
    client,
    {
      openingText: 'Welcome [First name] from [City]!',
      closingText: options.closingText ?? 'Thank you, [First name].',
      reviewLink: options.reviewLink ?? 'https://reviews.example.com/acme',
      properties: Object.values(properties),
      questions: Object.values(questions),
    },
    {
      settings:
        options.expiration || options.showEstimatedTime
          ? {
              ...(options.expiration && { expiration: options.expiration }),
              ...(options.showEstimatedTime && { showEstimatedTime: true }),
            }
          : undefined,
    },
  );
  const response = await client.post('/api/surveys/', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
    surveyProperties: {
      [properties.lastName.id]: 'Lovelace',
      [properties.birthday.id]: '1815-12-10',
      [properties.firstName.id]: secretFirstName,
      [properties.city.id]: secretCity,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const surveyId = response.json().surveyId as string;
  return {
    client,
    surveyId,
    properties,
    questions,
    template,
    listId,
    itemIds,
    url: `/api/surveys/${surveyId}`,
  };
}

export type Sent = Awaited<ReturnType<typeof sentSurvey>>;

export function authenticate(
  respondent: TestClient,
  sent: Sent,
  lastName = 'Lovelace',
  birthday = '1815-12-10',
) {
  return respondent.post(`${sent.url}/authenticate`, {
    authenticationValues: {
      [sent.properties.lastName.id]: lastName,
      [sent.properties.birthday.id]: birthday,
    },
  });
}

export async function authenticated(t: TestApp, sent: Sent): Promise<TestClient> {
  const respondent = t.client();
  const response = await authenticate(respondent, sent, '  lovelace ');
  expect(response.statusCode, response.body).toBe(200);
  return respondent;
}

export async function row(t: TestApp, surveyId: string) {
  const [survey] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
  return survey!;
}
