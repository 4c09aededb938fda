import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { publishTemplate } from './test-fixtures.js';
import { authenticated, notFoundMessage, row, sentSurvey } from './test-respondent-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('opening and answering', () => {
  it('records the first and last opening and moves SENT to OPENED', async () => {
    const sent = await sentSurvey(t, { authentication: false });
    const client = t.client();
    expect((await client.get(sent.url)).json().surveyState).toBe('SENT');
    expect((await row(t, sent.surveyId)).firstOpenedAt).toBeNull();
    const sentAt = (await row(t, sent.surveyId)).sentAt;
    const opened = new Date(sentAt.getTime() + 60_000);
    t.setNow(opened);
    try {
      const response = await client.get(`${sent.url}?markAsOpened=true`);
      expect(response.json()).toMatchObject({ surveyState: 'OPENED', requiresAuthentication: false });
      const later = new Date(opened.getTime() + 3_600_000);
      t.setNow(later);
      await client.get(`${sent.url}?markAsOpened=true`);
      expect(await row(t, sent.surveyId)).toMatchObject({
        state: 'OPENED',
        firstOpenedAt: opened,
        lastOpenedAt: later,
      });
    } finally {
      t.setNow(undefined);
    }
  });

  it('checks each answer against its question and names the problem (400)', async () => {
    const sent = await sentSurvey(t);
    const respondent = await authenticated(t, sent);
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
    expect((await row(t, sent.surveyId)).responses).toEqual({});
  });

  it('saves, merges and clears answers (IN_PROGRESS), and returns them on resume', async () => {
    const sent = await sentSurvey(t);
    const respondent = await authenticated(t, sent);
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
    const elsewhere = await authenticated(t, sent);
    const resumed = (await elsewhere.get(`${sent.url}?markAsOpened=true`)).json();
    expect(resumed.surveyState).toBe('IN_PROGRESS');
    expect(resumed.surveyResponses).toEqual(second.json().surveyResponses);
  });

  it('completes only with every required question answered, NPS 0 included', async () => {
    const sent = await sentSurvey(t, { required: true });
    const respondent = await authenticated(t, sent);
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
    expect((await row(t, sent.surveyId)).state).toBe('SENT');

    const saved = await respondent.patch(sent.url, {
      surveyResponses: { [q.nps.id]: 0, [q.stars.id]: 5, [q.numeric.id]: 1, [q.choice.id]: ['Tyres'] },
    });
    expect(saved.statusCode).toBe(200);
    const completed = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [q.dropdown.id]: sent.itemIds[0], [q.short.id]: 'Ada', [q.long.id]: 'Great.' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().surveyState).toBe('COMPLETE');
    const stored = await row(t, sent.surveyId);
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
    const sent = await sentSurvey(t, { authentication: false, expiration: { duration: 2, period: 'hours' } });
    const completed = await sentSurvey(t, {
      authentication: false,
      expiration: { duration: 2, period: 'hours' },
    });
    const client = t.client();
    const finished = await client.patch(`${completed.url}?markAsComplete=true`, {
      surveyResponses: { [completed.questions.nps.id]: 10 },
    });
    expect(finished.statusCode).toBe(200);
    const { expiresAt } = await row(t, sent.surveyId);
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
      expect((await row(t, sent.surveyId)).state).toBe('SENT');
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
    const stored = (await row(t, created.json().surveyId)).responses;
    expect(Object.keys(stored)).toHaveLength(50);
    questions.forEach((question, index) => {
      expect(stored[question.id]).toBe(`answer ${index + 1}`);
    });
  });

  it('needs the anti-forgery header on respondent changes', async () => {
    const sent = await sentSurvey(t, { authentication: false });
    const forged = await t
      .client()
      .patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 3 } }, { withoutXsrf: true });
    expect(forged.statusCode).toBe(403);
  });
});
