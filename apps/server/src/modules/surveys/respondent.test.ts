import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { createLabelledList, everyQuestion, publishTemplate } from './test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notFoundMessage = "The survey you're looking for doesn't exist or has expired.";
const secretFirstName = 'Augusta';
const secretCity = 'Marylebone';

/**
 * A survey of a template with every question type (the dropdown drawing on a list), two
 * authentication properties (last name, birthday) and two ordinary ones.
 */
async function sentSurvey(
  options: {
    authentication?: boolean;
    required?: boolean;
    expiration?: object;
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
    { settings: options.expiration ? { expiration: options.expiration } : undefined },
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

type Sent = Awaited<ReturnType<typeof sentSurvey>>;

function authenticate(respondent: TestClient, sent: Sent, lastName = 'Lovelace', birthday = '1815-12-10') {
  return respondent.post(`${sent.url}/authenticate`, {
    authenticationValues: {
      [sent.properties.lastName.id]: lastName,
      [sent.properties.birthday.id]: birthday,
    },
  });
}

async function authenticated(sent: Sent): Promise<TestClient> {
  const respondent = t.client();
  const response = await authenticate(respondent, sent, '  lovelace ');
  expect(response.statusCode, response.body).toBe(200);
  return respondent;
}

async function row(surveyId: string) {
  const [survey] = await t.ctx.db.select().from(surveys).where(eq(surveys.id, surveyId));
  return survey!;
}

describe('the respondent view before authentication', () => {
  it('shows only the template name, the logo and the authentication fields: no question, answer or value', async () => {
    const sent = await sentSurvey();
    const response = await t.client().get(sent.url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      surveyId: sent.surveyId,
      surveyState: 'SENT',
      requiresAuthentication: true,
      surveyTemplate: {
        surveyTemplateName: sent.template.surveyTemplateName,
        logoUrl: null,
        authenticationProperties: [
          { id: sent.properties.lastName.id, label: 'Last name', type: 'Text', required: true },
          { id: sent.properties.birthday.id, label: 'Birthday', type: 'Date', required: false },
        ],
      },
    });
    for (const secret of ['Lovelace', '1815', secretFirstName, secretCity, 'recommend', 'Tyres', 'North']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('answers 404 with the not-found text for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await t.client().get(`/api/surveys/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(notFoundMessage);
    }
  });

  it('refuses saves without the respondent credential (401)', async () => {
    const sent = await sentSurvey();
    const response = await t.client().patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 9 } });
    expect(response.statusCode).toBe(401);
    expect((await row(sent.surveyId)).responses).toEqual({});
  });
});

describe("a completed survey's thank-you page before authentication", () => {
  const secrets = ['Lovelace', '1815', secretFirstName, secretCity, 'recommend', 'Tyres', 'North'];

  /** Completes the survey as its respondent; the page is then opened by someone else. */
  async function completed(sent: Sent) {
    const respondent = await authenticated(sent);
    const done = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [sent.questions.nps.id]: 9, [sent.questions.choice.id]: ['Tyres'] },
    });
    expect(done.statusCode, done.body).toBe(200);
    const response = await t.client().get(`${sent.url}?markAsOpened=true`);
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('carries the closing text without tokens and the review link, still no question, answer or value', async () => {
    const sent = await sentSurvey({ closingText: 'Thank you for visiting Tyre Town [Order no].' });
    const response = await completed(sent);
    expect(response.json()).toEqual({
      surveyId: sent.surveyId,
      surveyState: 'COMPLETE',
      requiresAuthentication: true,
      surveyTemplate: {
        surveyTemplateName: sent.template.surveyTemplateName,
        logoUrl: null,
        authenticationProperties: [
          { id: sent.properties.lastName.id, label: 'Last name', type: 'Text', required: true },
          { id: sent.properties.birthday.id, label: 'Birthday', type: 'Date', required: false },
        ],
        // "[Order no]" is no property's label: it stays text, as it would after authentication.
        closingText: 'Thank you for visiting Tyre Town [Order no].',
        reviewLink: 'https://reviews.example.com/acme',
      },
    });
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  });

  it('leaves out a closing text with a property token, in any case, and never sends its value', async () => {
    for (const closingText of ['Thank you, [First name].', 'See you in [ city ] soon!', 'Bye [LAST NAME]']) {
      const sent = await sentSurvey({ closingText });
      const response = await completed(sent);
      const template = response.json().surveyTemplate;
      expect(template).not.toHaveProperty('closingText');
      expect(template.reviewLink).toBe('https://reviews.example.com/acme');
      expect(response.body).not.toContain(closingText.slice(0, 8));
      for (const secret of secrets) expect(response.body).not.toContain(secret);
    }
  });

  it('leaves out an empty review link, and the authenticated reply still fills the tokens', async () => {
    const sent = await sentSurvey({ closingText: 'Thank you, [First name].', reviewLink: '' });
    const response = await completed(sent);
    expect(response.json().surveyTemplate).not.toHaveProperty('closingText');
    expect(response.json().surveyTemplate).not.toHaveProperty('reviewLink');
    const respondent = await authenticated(sent);
    const view = (await respondent.get(sent.url)).json();
    expect(view.requiresAuthentication).toBe(false);
    expect(view.surveyTemplate.surveyTemplateDefinition.closingText).toBe(`Thank you, ${secretFirstName}.`);
  });

  it('sends no closing text or review link while the survey is not complete', async () => {
    const sent = await sentSurvey({ closingText: 'Thank you for visiting.' });
    const opened = await t.client().get(`${sent.url}?markAsOpened=true`);
    expect(opened.json().surveyState).toBe('OPENED');
    const respondent = await authenticated(sent);
    const saved = await respondent.patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 9 } });
    expect(saved.json().surveyState).toBe('IN_PROGRESS');
    const inProgress = await t.client().get(sent.url);
    for (const response of [opened, inProgress]) {
      expect(response.json().requiresAuthentication).toBe(true);
      expect(response.json().surveyTemplate).not.toHaveProperty('closingText');
      expect(response.json().surveyTemplate).not.toHaveProperty('reviewLink');
      expect(response.body).not.toContain('Thank you for visiting');
      expect(response.body).not.toContain('reviews.example.com');
    }
    expect(inProgress.json().surveyState).toBe('IN_PROGRESS');
  });
});

describe('respondent authentication', () => {
  it('accepts matching values (text trimmed, any case) and then shows the whole survey', async () => {
    const sent = await sentSurvey();
    const respondent = t.client();
    const response = await authenticate(respondent, sent, '  LOVELACE ', '1815-12-10T00:00:00.000Z');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Authentication successful.' });
    const cookie = response.cookies.find((item) => item.name === 'graphium_respondent');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: sent.url });

    const view = await respondent.get(sent.url);
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({
      surveyId: sent.surveyId,
      requiresAuthentication: false,
      surveyResponses: {},
    });
    expect(body.surveyTemplate.surveyTemplateDefinition).toMatchObject({
      openingText: `Welcome ${secretFirstName} from ${secretCity}!`,
      closingText: `Thank you, ${secretFirstName}.`,
      reviewLink: 'https://reviews.example.com/acme',
    });
    expect(body.surveyTemplate.surveyTemplateDefinition.questions.map((q: { id: string }) => q.id)).toEqual(
      Object.values(sent.questions).map((question) => question.id),
    );
    expect(body.surveyTemplate.estimatedMinutes).toBe(3);
    // Properties come without values; the list of the dropdown comes with its active items only.
    expect(JSON.stringify(body.surveyTemplate.surveyTemplateDefinition.properties)).not.toContain('Lovelace');
    expect(body.lists).toEqual([
      {
        listId: sent.listId,
        listItems: [
          { listItemId: sent.itemIds[0], label: 'North' },
          { listItemId: sent.itemIds[1], label: 'South' },
        ],
      },
    ]);
  });

  it('answers 401 with the mismatch message, and the credential opens no other survey', async () => {
    const sent = await sentSurvey();
    const wrong = await authenticate(t.client(), sent, 'Byron');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: 'The information you entered does not match our records.',
    });
    const missing = await t.client().post(`${sent.url}/authenticate`, { authenticationValues: {} });
    expect(missing.statusCode).toBe(401);

    const respondent = await authenticated(sent);
    const other = await sentSurvey();
    // The same client holds a signed credential, but for the first survey only.
    const cookie = respondent.cookies.get('graphium_respondent')!;
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: other.url,
      headers: { cookie: `graphium_respondent=${cookie}` },
    });
    expect(elsewhere.json().requiresAuthentication).toBe(true);
    const forged = await t.app.inject({
      method: 'GET',
      url: other.url,
      headers: { cookie: `graphium_respondent=${other.surveyId}.9999999999999.forged` },
    });
    expect(forged.json().requiresAuthentication).toBe(true);
  });

  it('locks authentication for 15 minutes after five failures (429), then accepts again', async () => {
    const sent = await sentSurvey();
    const start = new Date();
    t.setNow(start);
    try {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await authenticate(t.client(), sent, `Wrong ${attempt}`)).statusCode).toBe(401);
      }
      const fifth = await authenticate(t.client(), sent, 'Wrong 5');
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().message).toBe('Too many failed attempts. Please try again in 15 minutes.');
      expect(fifth.headers['retry-after']).toBe('900');
      // Even the right values wait for the end of the lock.
      t.setNow(new Date(start.getTime() + 14 * 60_000));
      const locked = await authenticate(t.client(), sent);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('Too many failed attempts. Please try again in 1 minute.');
      t.setNow(new Date(start.getTime() + 15 * 60_000 + 1000));
      expect((await authenticate(t.client(), sent)).statusCode).toBe(200);
      expect(await row(sent.surveyId)).toMatchObject({ authFailures: 0, authLockedUntil: null });
    } finally {
      t.setNow(undefined);
    }
  });

  it('counts concurrent failures without losing one', async () => {
    const sent = await sentSurvey();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => authenticate(t.client(), sent, 'Wrong')),
    );
    const statuses = attempts.map((attempt) => attempt.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });
});

describe('opening and answering', () => {
  it('records the first and last opening and moves SENT to OPENED', async () => {
    const sent = await sentSurvey({ authentication: false });
    const client = t.client();
    expect((await client.get(sent.url)).json().surveyState).toBe('SENT');
    expect((await row(sent.surveyId)).firstOpenedAt).toBeNull();
    const sentAt = (await row(sent.surveyId)).sentAt;
    const opened = new Date(sentAt.getTime() + 60_000);
    t.setNow(opened);
    try {
      const response = await client.get(`${sent.url}?markAsOpened=true`);
      expect(response.json()).toMatchObject({ surveyState: 'OPENED', requiresAuthentication: false });
      const later = new Date(opened.getTime() + 3_600_000);
      t.setNow(later);
      await client.get(`${sent.url}?markAsOpened=true`);
      expect(await row(sent.surveyId)).toMatchObject({
        state: 'OPENED',
        firstOpenedAt: opened,
        lastOpenedAt: later,
      });
    } finally {
      t.setNow(undefined);
    }
  });

  it('checks each answer against its question and names the problem (400)', async () => {
    const sent = await sentSurvey();
    const respondent = await authenticated(sent);
    const q = sent.questions;
    const response = await respondent.patch(sent.url, {
      surveyResponses: {
        [q.nps.id]: 11,
        [q.stars.id]: 'five',
        [q.numeric.id]: 8,
        [q.choice.id]: ['Tyres', 'Brakes'],
        [q.dropdown.id]: sent.itemIds[2],
        [q.short.id]: 'x'.repeat(21),
        [q.long.id]: 42,
        [randomUUID()]: 'hello',
      },
    });
    expect(response.statusCode).toBe(400);
    const details = response.json().details;
    expect(details).toMatchObject({
      [q.nps.id]: 'Choose a whole number from 0 to 10',
      [q.stars.id]: 'Expected a number',
      [q.numeric.id]: 'Choose a whole number from 1 to 7',
      [q.choice.id]: '"Brakes" is not one of the options',
      [q.dropdown.id]: `"${sent.itemIds[2]}" is not one of the options`,
      [q.short.id]: 'Must be at most 20 characters',
      [q.long.id]: 'Expected text',
    });
    expect(Object.values(details)).toContain('This question is not in the survey');
    expect((await row(sent.surveyId)).responses).toEqual({});
  });

  it('saves, merges and clears answers (IN_PROGRESS), and returns them on resume', async () => {
    const sent = await sentSurvey();
    const respondent = await authenticated(sent);
    const q = sent.questions;
    const first = await respondent.patch(sent.url, {
      surveyResponses: {
        [q.nps.id]: 0,
        [q.choice.id]: ['Oil', 'Other: Brakes'],
        [q.dropdown.id]: sent.itemIds[1],
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      surveyId: sent.surveyId,
      surveyState: 'IN_PROGRESS',
      surveyResponses: {
        [q.nps.id]: 0,
        [q.choice.id]: ['Oil', 'Other: Brakes'],
        [q.dropdown.id]: sent.itemIds[1],
      },
    });
    const second = await respondent.patch(sent.url, {
      surveyResponses: { [q.stars.id]: 4, [q.choice.id]: null },
    });
    expect(second.json().surveyResponses).toEqual({
      [q.nps.id]: 0,
      [q.dropdown.id]: sent.itemIds[1],
      [q.stars.id]: 4,
    });
    // Another device: authenticate again and find the answers.
    const elsewhere = await authenticated(sent);
    const resumed = (await elsewhere.get(`${sent.url}?markAsOpened=true`)).json();
    expect(resumed.surveyState).toBe('IN_PROGRESS');
    expect(resumed.surveyResponses).toEqual(second.json().surveyResponses);
  });

  it('completes only with every required question answered, NPS 0 included', async () => {
    const sent = await sentSurvey({ required: true });
    const respondent = await authenticated(sent);
    const q = sent.questions;
    const partial = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [q.nps.id]: 0, [q.stars.id]: 5, [q.short.id]: '   ' },
    });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().details).sort()).toEqual(
      [q.numeric.id, q.choice.id, q.dropdown.id, q.short.id, q.long.id].sort(),
    );
    expect(partial.json().details[q.nps.id]).toBeUndefined();
    expect(partial.json().message).toBe(
      'Please answer every required question: Ease, Bought, Store, Name, Comments.',
    );
    expect((await row(sent.surveyId)).state).toBe('SENT');

    const saved = await respondent.patch(sent.url, {
      surveyResponses: { [q.nps.id]: 0, [q.stars.id]: 5, [q.numeric.id]: 1, [q.choice.id]: ['Tyres'] },
    });
    expect(saved.statusCode).toBe(200);
    const completed = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [q.dropdown.id]: sent.itemIds[0], [q.short.id]: 'Ada', [q.long.id]: 'Great.' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().surveyState).toBe('COMPLETE');
    const stored = await row(sent.surveyId);
    expect(stored.state).toBe('COMPLETE');
    expect(stored.completedAt).toBeInstanceOf(Date);
    expect(Object.keys(stored.responses)).toHaveLength(7);

    const after = await respondent.patch(sent.url, { surveyResponses: { [q.long.id]: 'Changed my mind' } });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This survey has already been completed.');
    const view = (await respondent.get(sent.url)).json();
    expect(view).toMatchObject({ surveyState: 'COMPLETE', surveyResponses: stored.responses });
  });

  it('closes an expired survey: 404 to the page, 409 to a save, but a completed one stays readable', async () => {
    const sent = await sentSurvey({ authentication: false, expiration: { duration: 2, period: 'hours' } });
    const completed = await sentSurvey({
      authentication: false,
      expiration: { duration: 2, period: 'hours' },
    });
    const client = t.client();
    const finished = await client.patch(`${completed.url}?markAsComplete=true`, {
      surveyResponses: { [completed.questions.nps.id]: 10 },
    });
    expect(finished.statusCode).toBe(200);
    const { expiresAt } = await row(sent.surveyId);
    t.setNow(new Date(expiresAt.getTime() - 1000));
    try {
      expect((await client.get(sent.url)).statusCode).toBe(200);
      t.setNow(expiresAt);
      const page = await client.get(`${sent.url}?markAsOpened=true`);
      expect(page.statusCode).toBe(404);
      expect(page.json().message).toBe(notFoundMessage);
      const save = await client.patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 3 } });
      expect(save.statusCode).toBe(409);
      expect(save.json().message).toBe('This survey has expired.');
      expect((await client.post(`${sent.url}/authenticate`, { authenticationValues: {} })).statusCode).toBe(
        404,
      );
      expect((await row(sent.surveyId)).state).toBe('SENT');
      expect((await client.get(completed.url)).json().surveyState).toBe('COMPLETE');
    } finally {
      t.setNow(undefined);
    }
  });

  it('keeps every answer of 50 concurrent saves, each to its own question', async () => {
    const { client } = await signUpClient(t.client());
    const questions = Array.from({ length: 50 }, (_, index) => ({
      id: randomUUID(),
      type: 'ShortTextEntry',
      question: `Question ${index + 1}`,
      label: `Q${index + 1}`,
    }));
    const template = await publishTemplate(client, { questions });
    const created = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: '5551234567' }],
    });
    const url = `/api/surveys/${created.json().surveyId}`;
    const respondent = t.client();
    await respondent.get(url);
    const saves = await Promise.all(
      questions.map((question, index) =>
        respondent.patch(url, { surveyResponses: { [question.id]: `answer ${index + 1}` } }),
      ),
    );
    expect(saves.map((save) => save.statusCode)).toEqual(questions.map(() => 200));
    const stored = (await row(created.json().surveyId)).responses;
    expect(Object.keys(stored)).toHaveLength(50);
    questions.forEach((question, index) => {
      expect(stored[question.id]).toBe(`answer ${index + 1}`);
    });
  });

  it('needs the anti-forgery header on respondent changes', async () => {
    const sent = await sentSurvey({ authentication: false });
    const forged = await t
      .client()
      .patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 3 } }, { withoutXsrf: true });
    expect(forged.statusCode).toBe(403);
  });
});
