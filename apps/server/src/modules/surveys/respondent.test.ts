import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  authenticate,
  authenticated,
  notFoundMessage,
  row,
  type Sent,
  secretCity,
  secretFirstName,
  sentSurvey,
} from './test-respondent-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the respondent view before authentication', () => {
  it('shows only the template name, the logo and the authentication fields: no question, answer or value', async () => {
    const sent = await sentSurvey(t);
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
        // The form speaks one of the template's languages (decision 025).
        languages: ['en'],
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
    const sent = await sentSurvey(t);
    const response = await t.client().patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 9 } });
    expect(response.statusCode).toBe(401);
    expect((await row(t, sent.surveyId)).responses).toEqual({});
  });
});

describe("a completed survey's thank-you page before authentication", () => {
  const secrets = ['Lovelace', '1815', secretFirstName, secretCity, 'recommend', 'Tyres', 'North'];

  /** Completes the survey as its respondent; the page is then opened by someone else. */
  async function completed(sent: Sent) {
    const respondent = await authenticated(t, sent);
    const done = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [sent.questions.nps.id]: 9, [sent.questions.choice.id]: ['Tyres'] },
    });
    expect(done.statusCode, done.body).toBe(200);
    const response = await t.client().get(`${sent.url}?markAsOpened=true`);
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('carries the closing text without tokens and the review link, still no question, answer or value', async () => {
    const sent = await sentSurvey(t, { closingText: 'Thank you for visiting Tyre Town [Order no].' });
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
        languages: ['en'],
        // "[Order no]" is no property's label: it stays text, as it would after authentication.
        closingText: 'Thank you for visiting Tyre Town [Order no].',
        reviewLink: 'https://reviews.example.com/acme',
      },
    });
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  });

  it('leaves out a closing text with a property token, in any case, and never sends its value', async () => {
    for (const closingText of ['Thank you, [First name].', 'See you in [ city ] soon!', 'Bye [LAST NAME]']) {
      const sent = await sentSurvey(t, { closingText });
      const response = await completed(sent);
      const template = response.json().surveyTemplate;
      expect(template).not.toHaveProperty('closingText');
      expect(template.reviewLink).toBe('https://reviews.example.com/acme');
      expect(response.body).not.toContain(closingText.slice(0, 8));
      for (const secret of secrets) expect(response.body).not.toContain(secret);
    }
  });

  it('leaves out an empty review link, and the authenticated reply still fills the tokens', async () => {
    const sent = await sentSurvey(t, { closingText: 'Thank you, [First name].', reviewLink: '' });
    const response = await completed(sent);
    expect(response.json().surveyTemplate).not.toHaveProperty('closingText');
    expect(response.json().surveyTemplate).not.toHaveProperty('reviewLink');
    const respondent = await authenticated(t, sent);
    const view = (await respondent.get(sent.url)).json();
    expect(view.requiresAuthentication).toBe(false);
    expect(view.surveyTemplate.surveyTemplateDefinition.closingText).toBe(`Thank you, ${secretFirstName}.`);
  });

  it('sends no closing text or review link while the survey is not complete', async () => {
    const sent = await sentSurvey(t, { closingText: 'Thank you for visiting.' });
    const opened = await t.client().get(`${sent.url}?markAsOpened=true`);
    expect(opened.json().surveyState).toBe('OPENED');
    const respondent = await authenticated(t, sent);
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
    const sent = await sentSurvey(t);
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
    // The spec's fixed "about 5 minutes" unless the template asks for an estimate.
    expect(body.surveyTemplate.estimatedMinutes).toBe(5);
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

  it('shows the estimate computed from the questions when the template asks for it', async () => {
    const sent = await sentSurvey(t, { authentication: false, showEstimatedTime: true });
    const view = await t.client().get(sent.url);
    expect(view.json().surveyTemplate.estimatedMinutes).toBe(3);
  });

  it('answers 401 with the mismatch message, and the credential opens no other survey', async () => {
    const sent = await sentSurvey(t);
    const wrong = await authenticate(t.client(), sent, 'Byron');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: 'The information you entered does not match our records.',
    });
    const missing = await t.client().post(`${sent.url}/authenticate`, { authenticationValues: {} });
    expect(missing.statusCode).toBe(401);

    const respondent = await authenticated(t, sent);
    const other = await sentSurvey(t);
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
    const sent = await sentSurvey(t);
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
      expect(await row(t, sent.surveyId)).toMatchObject({ authFailures: 0, authLockedUntil: null });
    } finally {
      t.setNow(undefined);
    }
  });

  it('counts concurrent failures without losing one', async () => {
    const sent = await sentSurvey(t);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => authenticate(t.client(), sent, 'Wrong')),
    );
    const statuses = attempts.map((attempt) => attempt.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });
});

describe('the respondent calls’ rate limit', () => {
  it('answers 429 past 300 calls a minute for one survey from one address, with the limit shown only then', async () => {
    const sent = await sentSurvey(t);
    const client = t.client();
    for (let call = 1; call <= 300; call += 1) {
      const response = await client.get(sent.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const refused = await client.get(sent.url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Too many requests. Please try again in 1 minute.',
    });
    expect(refused.headers['x-ratelimit-limit']).toBe('300');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another survey from the same address is counted apart.
    const other = await sentSurvey(t);
    expect((await client.get(other.url)).statusCode).toBe(200);
  });
});
