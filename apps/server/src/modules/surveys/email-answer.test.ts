import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findResumeIndex, respondentQuestions } from '@graphium/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { processDueReminders } from '../reminders/reminders.service.js';
import { everyQuestion, publishTemplate } from './test-fixtures.js';
import { row } from './test-respondent-fixtures.js';

// Decision 026: the first question inside the survey e-mail. The links only open the respondent
// page; the answer is saved by the page's confirm, through the respondent save like any other.

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'graphium-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Graphium</title><div id="root"></div>');
  writeFileSync(
    join(webDist, 'survey.html'),
    '<!doctype html><html><head><title>Survey</title></head><body><div id="survey-root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(() => t.close());

interface Options {
  questions?: object[];
  authentication?: boolean;
  reminders?: object[];
}

async function sendSurvey(options: Options = {}) {
  const { client } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
  const questions = everyQuestion({ required: true });
  const lastName = {
    id: randomUUID(),
    type: 'Text',
    label: 'Last name',
    validation: { required: true, authentication: options.authentication ?? false },
  };
  const template = await publishTemplate(
    client,
    {
      openingText: 'Hello',
      properties: [lastName],
      questions: options.questions ?? [
        { ...questions.nps, startLabel: 'Not <likely>', endLabel: 'Very "likely"' },
        ...Object.values(questions).slice(1),
      ],
    },
    options.reminders ? { settings: { reminders: options.reminders } } : {},
  );
  const response = await client.post('/api/surveys/', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
    surveyProperties: { [lastName.id]: 'Lovelace' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const surveyId = response.json().surveyId as string;
  return { client, surveyId, questions, lastName, template, url: `/api/surveys/${surveyId}` };
}

async function messagesOf(surveyId: string, purpose = 'survey-invitation') {
  return t.ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.surveyId, surveyId), eq(outboxMessages.purpose, purpose)));
}

async function invitationOf(surveyId: string) {
  const [message] = await messagesOf(surveyId);
  return { html: message!.htmlBody ?? '', text: message!.textBody };
}

const answerLinks = (body: string) =>
  [...body.matchAll(/http:\/\/graphium\.test\/survey\/[\w-]+\?answer=([\w-]+):(-?\d+)/g)].map((match) => ({
    questionId: match[1],
    value: Number(match[2]),
  }));

describe('the survey e-mail', () => {
  it('shows an NPS first question as eleven answer links in the HTML and the text part', async () => {
    const sent = await sendSurvey();
    const { html, text } = await invitationOf(sent.surveyId);
    const expected = Array.from({ length: 11 }, (_, value) => ({ questionId: sent.questions.nps.id, value }));
    expect(answerLinks(html)).toEqual(expected);
    expect(answerLinks(text)).toEqual(expected);
    // The caption and the ends of the scale, escaped in HTML; each button's text is its number.
    expect(html).toContain('How likely are you to recommend us?');
    expect(html).toContain('Not &lt;likely&gt;');
    expect(html).toContain('Very &quot;likely&quot;');
    expect(html).not.toContain('<likely>');
    expect(html).toMatch(/\?answer=[\w-]+:8" style="[^"]*">8<\/a>/);
    expect(text).toContain(
      'Choose a number from 0 to 10: 0 stands for “Not <likely>” and 10 for “Very "likely"”. The page that opens asks you to confirm your answer.',
    );
    expect(text).toContain(`0 (Not <likely>): http://graphium.test/survey/${sent.surveyId}?answer=`);
    expect(text).toContain(`10 (Very "likely"): http://graphium.test/survey/${sent.surveyId}?answer=`);
    // The plain button stays for whoever prefers the page.
    expect(text).toContain(`Start Survey: http://graphium.test/survey/${sent.surveyId}\n`);
    // Tables and inline styles only: Outlook knows no flex or grid.
    expect(html).not.toMatch(/display:\s*(flex|grid)/);
  });

  it('offers the first active question, stars as five links', async () => {
    const questions = everyQuestion();
    const sent = await sendSurvey({
      questions: [{ ...questions.nps, active: false }, questions.stars, questions.short],
    });
    const links = answerLinks((await invitationOf(sent.surveyId)).text);
    expect(links).toEqual([1, 2, 3, 4, 5].map((value) => ({ questionId: questions.stars.id, value })));
    expect((await invitationOf(sent.surveyId)).text).toContain('Choose from 1 star to 5 stars.');
  });

  it('keeps the plain button for a numeric scale of more than 11 steps and for other questions', async () => {
    const questions = everyQuestion();
    const long = await sendSurvey({
      questions: [{ ...questions.numeric, startNumber: 0, endNumber: 11 }, questions.short],
    });
    const text = await sendSurvey({ questions: [questions.short, questions.nps] });
    for (const sent of [long, text]) {
      const { html, text: plain } = await invitationOf(sent.surveyId);
      expect(answerLinks(html)).toEqual([]);
      expect(plain).not.toContain('?answer=');
      expect(plain).toContain(`Start Survey: http://graphium.test/survey/${sent.surveyId}`);
    }
    const short = await sendSurvey({
      questions: [{ ...questions.numeric, startNumber: -5, endNumber: 5 }, questions.short],
    });
    expect(answerLinks((await invitationOf(short.surveyId)).html).map((link) => link.value)).toEqual([
      -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5,
    ]);
  });
});

describe('following and confirming an answer link', () => {
  it('records nothing when the link is followed (as a mail scanner does, all eleven)', async () => {
    const sent = await sendSurvey();
    for (const { value } of answerLinks((await invitationOf(sent.surveyId)).text)) {
      const page = await t.client().get(`/survey/${sent.surveyId}?answer=${sent.questions.nps.id}:${value}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="survey-root">');
    }
    const survey = await row(t, sent.surveyId);
    expect(survey.state).toBe('SENT');
    expect(survey.responses).toEqual({});
  });

  it('records exactly the confirmed answer, once when confirmed twice, and resumes at the next question', async () => {
    const sent = await sendSurvey();
    const respondent = t.client();
    const confirm = () => respondent.patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 8 } });
    const first = await confirm();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      surveyId: sent.surveyId,
      surveyState: 'IN_PROGRESS',
      surveyResponses: { [sent.questions.nps.id]: 8 },
    });
    const second = await confirm();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await row(t, sent.surveyId)).responses).toEqual({ [sent.questions.nps.id]: 8 });

    const reply = (await respondent.get(sent.url)).json();
    const questions = respondentQuestions(reply.surveyTemplate.surveyTemplateDefinition);
    expect(questions[findResumeIndex(questions, reply.surveyResponses)]!.id).toBe(sent.questions.stars.id);
  });

  it('refuses a value outside the scale with 400 and records nothing', async () => {
    const sent = await sendSurvey();
    for (const value of [11, -1, 8.5, '8']) {
      const response = await t
        .client()
        .patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: value } });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().message).toMatch(/^NPS: /);
    }
    expect((await row(t, sent.surveyId)).state).toBe('SENT');
  });

  it('completes a one-question survey under the completion rules, then takes no more answers', async () => {
    const questions = everyQuestion({ required: true });
    const sent = await sendSurvey({ questions: [questions.stars] });
    const respondent = t.client();
    const completed = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [questions.stars.id]: 4 },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().surveyState).toBe('COMPLETE');
    const again = await respondent.patch(`${sent.url}?markAsComplete=true`, {
      surveyResponses: { [questions.stars.id]: 4 },
    });
    expect(again.statusCode).toBe(409);
    expect((await row(t, sent.surveyId)).responses).toEqual({ [questions.stars.id]: 4 });
  });

  it('requires authentication before a confirmed answer is recorded', async () => {
    const sent = await sendSurvey({ authentication: true });
    expect(answerLinks((await invitationOf(sent.surveyId)).text)).toHaveLength(11);
    const respondent = t.client();
    const refused = await respondent.patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 8 } });
    expect(refused.statusCode).toBe(401);
    expect((await row(t, sent.surveyId)).responses).toEqual({});
    const signedIn = await respondent.post(`${sent.url}/authenticate`, {
      authenticationValues: { [sent.lastName.id]: 'Lovelace' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const saved = await respondent.patch(sent.url, { surveyResponses: { [sent.questions.nps.id]: 8 } });
    expect(saved.statusCode).toBe(200);
    expect((await row(t, sent.surveyId)).responses).toEqual({ [sent.questions.nps.id]: 8 });
  });
});

describe('reminder e-mails', () => {
  it('carry the first question while nothing is saved, and the plain button once the respondent has started', async () => {
    const reminders = [
      { id: randomUUID(), duration: 1, period: 'days', event: 'sent', message: 'Please answer.' },
    ];
    const sent = new Date();
    sent.setUTCDate(sent.getUTCDate() + 1);
    sent.setUTCHours(10, 0, 0, 0);
    t.setNow(sent);
    try {
      const untouched = await sendSurvey({ reminders });
      const started = await sendSurvey({ reminders });
      const saved = await t
        .client()
        .patch(started.url, { surveyResponses: { [started.questions.nps.id]: 3 } });
      expect(saved.statusCode).toBe(200);
      t.setNow(new Date(sent.getTime() + 25 * 3600 * 1000));
      while ((await processDueReminders(t.ctx)) > 0) {}
      const [fresh] = await messagesOf(untouched.surveyId, 'survey-reminder');
      expect(answerLinks(fresh!.textBody)).toHaveLength(11);
      expect(answerLinks(fresh!.htmlBody ?? '')).toHaveLength(11);
      expect(fresh!.textBody).toContain('Please answer.');
      const [continuing] = await messagesOf(started.surveyId, 'survey-reminder');
      expect(continuing!.textBody).not.toContain('?answer=');
      expect(continuing!.textBody).toContain(
        `Continue Survey: http://graphium.test/survey/${started.surveyId}`,
      );
    } finally {
      t.setNow(undefined);
    }
  });
});
