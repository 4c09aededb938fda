import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { hiddenQuestionMessage } from './respondent-path.js';
import { publishTemplate } from './test-fixtures.js';
import { row } from './test-respondent-fixtures.js';

// Survey logic on the server (decision 023): the definition's rules refuse logic that points
// backwards or nowhere, and the respondent's saves follow the path.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function branchingQuestions() {
  const ids = { nps: randomUUID(), why: randomUUID(), praise: randomUUID(), last: randomUUID() };
  const questions = [
    {
      id: ids.nps,
      type: 'NetPromoterScore',
      question: 'Would you recommend us?',
      label: 'Q1',
      validation: { required: true },
    },
    {
      id: ids.why,
      type: 'LongTextEntry',
      question: 'What went wrong?',
      label: 'Q2',
      validation: { required: true },
      logic: {
        showIf: { join: 'and', conditions: [{ questionId: ids.nps, operator: 'LESS_THAN', value: 7 }] },
      },
    },
    {
      id: ids.praise,
      type: 'ShortTextEntry',
      question: 'What did you like?',
      label: 'Q3',
      validation: { required: true },
      logic: {
        showIf: { join: 'and', conditions: [{ questionId: ids.nps, operator: 'GREATER_THAN', value: 6 }] },
        jumps: [{ condition: { operator: 'IS_EQUAL', value: 'nothing' }, to: 'end' }],
      },
    },
    {
      id: ids.last,
      type: 'StarRatingScale',
      question: 'Overall?',
      label: 'Q4',
      validation: { required: true },
    },
  ];
  return { ids, questions };
}

async function sentBranching(): Promise<{
  url: string;
  ids: ReturnType<typeof branchingQuestions>['ids'];
  respondent: TestClient;
}> {
  const { client } = await signUpClient(t.client());
  const { ids, questions } = branchingQuestions();
  const template = await publishTemplate(client, { questions });
  const response = await client.post('/api/surveys/', {
    surveyTemplateVersionId: template.surveyTemplateVersionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
    surveyProperties: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return { url: `/api/surveys/${response.json().surveyId}`, ids, respondent: t.client() };
}

describe('logic in a template definition', () => {
  it('is kept, and a definition with logic is a 1.1 one', async () => {
    const { client } = await signUpClient(t.client());
    const { questions } = branchingQuestions();
    const template = await publishTemplate(client, { schemaVersion: '1.0', questions }, { publish: false });
    const read = await client.get(`/api/survey-templates/${template.surveyTemplateVersionId}`);
    const definition = read.json().surveyTemplateDefinition;
    expect(definition.schemaVersion).toBe('1.1');
    expect(definition.questions[2].logic.jumps).toEqual([
      { condition: { operator: 'IS_EQUAL', value: 'nothing' }, to: 'end' },
    ]);
  });

  it('refuses a jump backwards or to a missing question with 400 naming the question, changing nothing', async () => {
    const { client } = await signUpClient(t.client());
    const { ids, questions } = branchingQuestions();
    const template = await publishTemplate(client, { questions: questions.slice(0, 1) }, { publish: false });
    const url = `/api/survey-templates/${template.surveyTemplateVersionId}`;
    const backwards = structuredClone(questions);
    backwards[3]!.logic = { jumps: [{ condition: { operator: 'IS_NOT_EMPTY' }, to: ids.nps }] } as never;
    const refused = await client.patch(url, { surveyTemplateDefinition: { questions: backwards } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(
      'Logic of "Q4": a jump can only go to a later question, not "Q1"',
    );
    const missing = structuredClone(questions);
    missing[1]!.logic = {
      showIf: { join: 'and', conditions: [{ questionId: randomUUID(), operator: 'IS_EMPTY' }] },
    } as never;
    const refusedMissing = await client.patch(url, { surveyTemplateDefinition: { questions: missing } });
    expect(refusedMissing.statusCode).toBe(400);
    expect(refusedMissing.json().message).toContain(
      'Logic of "Q2": a condition uses a question that is not in the survey',
    );
    const read = await client.get(url);
    expect(read.json().surveyTemplateDefinition.questions).toHaveLength(1);
  });
});

describe('answering along the path', () => {
  it('sends the logic to the respondent page', async () => {
    const { url, respondent } = await sentBranching();
    const survey = (await respondent.get(url)).json();
    expect(survey.surveyTemplate.surveyTemplateDefinition.schemaVersion).toBe('1.1');
    expect(survey.surveyTemplate.surveyTemplateDefinition.questions[1].logic.showIf.conditions).toHaveLength(
      1,
    );
  });

  it('refuses an answer to a hidden question (400) and saves nothing', async () => {
    const { url, ids, respondent } = await sentBranching();
    const response = await respondent.patch(url, { surveyResponses: { [ids.nps]: 9, [ids.why]: 'Slow' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `Q2: ${hiddenQuestionMessage}`,
      details: { [ids.why]: hiddenQuestionMessage },
    });
    expect((await row(t, url.split('/').pop()!)).responses).toEqual({});
  });

  it('drops the answers an earlier answer hides when it changes', async () => {
    const { url, ids, respondent } = await sentBranching();
    const first = await respondent.patch(url, { surveyResponses: { [ids.nps]: 3, [ids.why]: 'Slow' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().surveyResponses).toEqual({ [ids.nps]: 3, [ids.why]: 'Slow' });
    const changed = await respondent.patch(url, { surveyResponses: { [ids.nps]: 9 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().surveyResponses).toEqual({ [ids.nps]: 9 });
    expect((await row(t, url.split('/').pop()!)).responses).toEqual({ [ids.nps]: 9 });
  });

  it('decides the path from a save that gives every answer the logic reads, as the page sends them', async () => {
    // Q1 (conditions read it) and Q3 (it has jumps) are the logic's inputs: with both in the save,
    // nothing stored is needed to judge it, and what its path hides is still dropped or refused.
    const { url, ids, respondent } = await sentBranching();
    const first = await respondent.patch(url, {
      surveyResponses: { [ids.nps]: 3, [ids.why]: 'Slow', [ids.praise]: null },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().surveyResponses).toEqual({ [ids.nps]: 3, [ids.why]: 'Slow' });
    const hidden = await respondent.patch(url, {
      surveyResponses: { [ids.nps]: 9, [ids.praise]: 'Staff', [ids.why]: 'Slow' },
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().details).toEqual({ [ids.why]: hiddenQuestionMessage });
    const changed = await respondent.patch(url, { surveyResponses: { [ids.nps]: 9, [ids.praise]: 'Staff' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().surveyResponses).toEqual({ [ids.nps]: 9, [ids.praise]: 'Staff' });
    const ended = await respondent.patch(url, {
      surveyResponses: { [ids.nps]: 9, [ids.praise]: 'nothing', [ids.last]: 4 },
    });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().details).toEqual({ [ids.last]: hiddenQuestionMessage });
    expect((await row(t, url.split('/').pop()!)).responses).toEqual({ [ids.nps]: 9, [ids.praise]: 'Staff' });
  });

  it('completes along a path, requiring only the questions it shows', async () => {
    const { url, ids, respondent } = await sentBranching();
    const early = await respondent.patch(`${url}?markAsComplete=true`, { surveyResponses: { [ids.nps]: 9 } });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Please answer every required question: Q3, Q4.');
    const done = await respondent.patch(`${url}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: 9, [ids.praise]: 'Nothing' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      surveyState: 'COMPLETE',
      surveyResponses: { [ids.nps]: 9, [ids.praise]: 'Nothing' },
    });
  });

  it('completes the other path and drops what it left behind', async () => {
    const { url, ids, respondent } = await sentBranching();
    await respondent.patch(url, { surveyResponses: { [ids.nps]: 9, [ids.praise]: 'Staff' } });
    const done = await respondent.patch(`${url}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: 2, [ids.why]: 'Queue', [ids.last]: 2 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().surveyResponses).toEqual({ [ids.nps]: 2, [ids.why]: 'Queue', [ids.last]: 2 });
  });

  it('takes no more saves once complete (409)', async () => {
    const { url, ids, respondent } = await sentBranching();
    const done = await respondent.patch(`${url}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: 9, [ids.praise]: 'nothing' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const late = await respondent.patch(url, { surveyResponses: { [ids.nps]: 1 } });
    expect(late.statusCode).toBe(409);
    expect((await row(t, url.split('/').pop()!)).responses).toEqual({
      [ids.nps]: 9,
      [ids.praise]: 'nothing',
    });
  });
});

describe('summaries along paths', () => {
  it('count only the answers each path showed: a hidden question is not a missing answer', async () => {
    const { client } = await signUpClient(t.client());
    const { ids, questions } = branchingQuestions();
    const template = await publishTemplate(client, { questions });
    const answer = async (responses: Record<string, unknown>) => {
      const sent = await client.post('/api/surveys/', {
        surveyTemplateVersionId: template.surveyTemplateVersionId,
        surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
        surveyProperties: {},
      });
      const done = await t
        .client()
        .patch(`/api/surveys/${sent.json().surveyId}?markAsComplete=true`, { surveyResponses: responses });
      expect(done.statusCode, done.body).toBe(200);
    };
    await answer({ [ids.nps]: 9, [ids.praise]: 'Staff', [ids.last]: 5 });
    await answer({ [ids.nps]: 2, [ids.why]: 'Queue', [ids.last]: 1 });
    const listed = await client.get(
      `/api/surveys?surveyTemplateId=${template.surveyTemplateId}&include=summary`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const summary = listed.json().summary;
    expect(summary.totalResponses).toBe(2);
    const totals = Object.fromEntries(
      summary.questions.map((question: { questionLabel: string; totalResponses: number }) => [
        question.questionLabel,
        question.totalResponses,
      ]),
    );
    expect(totals).toEqual({ Q1: 2, Q2: 1, Q3: 1, Q4: 2 });
  });
});

describe('alerts along paths', () => {
  it('never fire on a question the path hid, which is not an empty answer', async () => {
    const { client } = await signUpClient(t.client());
    const { ids, questions } = branchingQuestions();
    const alert = (id: string, name: string, condition: object) => ({
      id,
      name,
      conditions: [condition],
      recipients: ['boss@example.com'],
    });
    const template = await publishTemplate(
      client,
      { questions },
      {
        settings: {
          alerts: [
            alert('hidden', 'Nothing went wrong', {
              surveyQuestionId: ids.why,
              operator: 'IS_EMPTY',
              value: '',
            }),
            alert('promoter', 'Promoter', { surveyQuestionId: ids.nps, operator: 'GREATER_THAN', value: 8 }),
          ],
        },
      },
    );
    const sent = await client.post('/api/surveys/', {
      surveyTemplateVersionId: template.surveyTemplateVersionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: `r.${randomUUID()}@example.com` }],
      surveyProperties: {},
    });
    const done = await t.client().patch(`/api/surveys/${sent.json().surveyId}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: 9, [ids.praise]: 'Staff', [ids.last]: 5 },
    });
    expect(done.statusCode, done.body).toBe(200);
    const alerts = (await client.get('/api/survey-alerts/')).json().surveyAlerts;
    expect(alerts.map((item: { alertName: string }) => item.alertName)).toEqual(['Promoter']);
  });
});
