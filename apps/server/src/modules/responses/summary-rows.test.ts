import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { questionFilterOperators, type ResponseFilter } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceActor } from '../../actor.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import type { ResponseCriteria } from './response-filters.js';
import { summarizeFiltered } from './responses-summary.js';
import { planSummaryRows } from './summary-rows.js';
import { criteriaConditions, loadTemplateContext, type TemplateContext } from './template-context.js';
import { answer, day, filterParam, send } from './test-responses-fixtures.js';

// Decision 046: a filtered summary reads the completed surveys' narrow rows when its filters
// allow. Every question filter and operator, alone, with a date range, with "Completed" and
// paired, must give over the rows exactly the figures it gives over the surveys, for surveys of
// two versions in every state; the migration's backfill must write the rows the completions wrote.

const common = (label: string) => ({ id: randomUUID(), question: `${label}?`, label });
const base = everyQuestion();
const q = {
  ...base,
  nps: { ...base.nps, compositeScore: { enabled: true, value: 2 } },
  stars: { ...base.stars, compositeScore: { enabled: true, value: 1 } },
  effort: { ...common('Effort'), type: 'CustomerEffortScore', compositeScore: { enabled: true, value: 1 } },
  csat: { ...common('Satisfaction'), type: 'CustomerSatisfactionScore', display: 'stars' },
  visit: { ...common('Visit date'), type: 'DateEntry', minDate: '2026-01-01', maxDate: '2026-12-31' },
  consent: { ...common('Contact'), type: 'Consent', consentText: 'You may contact me.' },
  ranking: { ...common('Priorities'), type: 'Ranking', answerOptions: ['Price', 'Speed', 'Service'] },
  matrix: {
    ...common('Visit'),
    type: 'Matrix',
    rows: [
      { id: 'staff', text: 'Friendly staff' },
      { id: 'wait', text: 'Short wait' },
    ],
    columns: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
    compositeScore: { enabled: true, value: 1 },
  },
};
// Version 1 lacks the ranking and the matrix; version 2 adds them first, so numbers and positions differ.
const { ranking, matrix, ...firstQuestions } = q;

let t: TestApp;
let owner: TestClient;
let templateId: string;
let actor: WorkspaceActor;

/** Survey i's answers: every type, some left out, a spread of values. */
function answersOf(index: number, withNewTypes: boolean): Record<string, unknown> {
  const chosen = [['Tyres'], ['Oil', 'Tyres'], ['Other: Brakes'], ['Oil']][index % 4];
  const answers: Record<string, unknown> = {
    [q.nps.id]: index % 11,
    [q.stars.id]: 1 + (index % 5),
    [q.numeric.id]: 1 + ((index * 3) % 7),
    [q.effort.id]: 1 + ((index * 2) % 7),
    [q.csat.id]: 1 + ((index * 4) % 5),
    [q.visit.id]: `2026-0${1 + (index % 9)}-1${index % 10}`,
  };
  if (index % 5 !== 0) answers[q.choice.id] = chosen;
  if (index % 3 !== 2) answers[q.dropdown.id] = index % 2 ? 'North' : 'South';
  if (index % 4 !== 3) answers[q.short.id] = `Name ${index}`;
  if (index % 3 === 0) answers[q.long.id] = `A long comment ${index}`;
  if (index % 2 === 0) answers[q.consent.id] = true;
  if (withNewTypes) {
    const options = ['Price', 'Speed', 'Service'];
    const first = options[index % 3]!;
    answers[q.ranking.id] = [first, ...options.filter((option) => option !== first)];
    if (index % 4 !== 1) answers[q.matrix.id] = { staff: 1 + (index % 5), wait: 1 + ((index * 2) % 5) };
  }
  if (index % 7 === 6) delete answers[q.nps.id];
  return answers;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ client: owner } = await signUpClient(t.client()));
  t.setNow(day(0));
  const template = await publishTemplate(
    owner,
    { properties: [], questions: Object.values(firstQuestions) },
    { name: 'Narrow rows' },
  );
  templateId = template.surveyTemplateId;
  for (let index = 0; index < 8; index += 1) {
    t.setNow(day(index));
    const surveyId = await send(owner, template.surveyTemplateVersionId, {
      email: `v1-${index}@example.com`,
    });
    if (index < 6) await answer(t, surveyId, answersOf(index, false));
    else if (index === 6) await answer(t, surveyId, { [q.nps.id]: 9, [q.dropdown.id]: 'North' }, false);
  }
  const draft = await owner.post(`/api/survey-templates/${templateId}/version`);
  expect(draft.statusCode, draft.body).toBe(201);
  const v2 = draft.json().surveyTemplateVersionId as string;
  const edited = await owner.patch(`/api/survey-templates/${v2}`, {
    surveyTemplateDefinition: {
      properties: [],
      questions: [matrix, ranking, ...Object.values(firstQuestions)],
    },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(
    (await owner.patch(`/api/survey-templates/${v2}/state`, { stateCode: 'PUBLISHED' })).statusCode,
  ).toBe(200);
  for (let index = 8; index < 24; index += 1) {
    t.setNow(day(index));
    const surveyId = await send(owner, v2, { email: `v2-${index}@example.com` });
    if (index < 21) await answer(t, surveyId, answersOf(index, true));
    else if (index === 21)
      await answer(t, surveyId, { [q.consent.id]: true, [q.matrix.id]: { staff: 2 } }, false);
    else if (index === 22)
      expect((await t.client().get(`/api/surveys/${surveyId}?markAsOpened=true`)).statusCode).toBe(200);
  }
  const result = (await t.ctx.db.execute(
    sql`select workspace_id from templates where id = ${templateId}`,
  )) as unknown as { rows: { workspace_id: string }[] };
  actor = { workspaceId: result.rows[0]!.workspace_id, customerId: '' };
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

/** The figures with floating sums rounded: the two paths may add the same numbers in another order. */
function comparable(figures: Awaited<ReturnType<typeof summarizeFiltered>>) {
  const round = (value: number) => Math.round(value * 1e9) / 1e9;
  return {
    ...figures,
    compositeSum: round(figures.compositeSum),
    questions: [...figures.questions]
      .sort()
      .map(([id, stats]) => [id, { ...stats, percentageSum: round(stats.percentageSum) }]),
    answers: [...figures.answers].sort().map(([id, counts]) => [id, [...counts].sort()]),
    weeks: figures.weeks.map((week) => ({ ...week, percentageSum: round(week.percentageSum) })),
  };
}

async function bothPaths(template: TemplateContext, criteria: ResponseCriteria) {
  const conditions = criteriaConditions(template, criteria);
  const overRows = await summarizeFiltered(t.ctx, template, criteria, conditions);
  const overSurveys = await summarizeFiltered(t.ctx, template, criteria, conditions, {
    readsSummaryRows: false,
  });
  const plan = await planSummaryRows(t.ctx.db, template, criteria, conditions);
  return {
    overRows: comparable(overRows),
    overSurveys: comparable(overSurveys),
    readsRows: plan !== undefined,
    sent: overSurveys.sent,
  };
}

/** The values each question's filters are tried with. */
function filterValues(question: { type: string; answerOptions?: string[] }): (string | number)[] {
  switch (question.type) {
    case 'NetPromoterScore':
      return [0, 6, 9, 10];
    case 'StarRatingScale':
    case 'CustomerSatisfactionScore':
      return [1, 3, 5];
    case 'NumericScale':
    case 'CustomerEffortScore':
      return [1, 4, 7];
    case 'Matrix':
      return [1, 3, 4.5];
    case 'DateEntry':
      return ['2026-03-01', '2026-05-14'];
    case 'Consent':
      return ['true'];
    default:
      return question.answerOptions ?? [];
  }
}

describe('the filtered summary over the narrow rows', () => {
  it('gives every question filter and operator the figures it gives over the surveys', async () => {
    const template = await loadTemplateContext(t.ctx, actor, templateId);
    const completed: ResponseFilter = { field: 'surveyState', operator: 'is', value: 'COMPLETE' };
    const range = { sentFrom: day(3), sentTo: day(17) };
    let cases = 0;
    let nonEmpty = 0;
    const filters: ResponseFilter[] = [];
    for (const question of template.questions) {
      if (question.type === 'ShortTextEntry' || question.type === 'LongTextEntry') continue;
      for (const operator of questionFilterOperators(question.type)) {
        for (const value of filterValues(question as { type: string; answerOptions?: string[] })) {
          filters.push({ field: `surveyResponses.${question.id}`, operator, value });
        }
      }
    }
    for (const [index, filter] of filters.entries()) {
      const partner = filters[(index * 7 + 3) % filters.length]!;
      // Each filter alone, and with one of a range, "Completed" or another filter, in turn.
      const variants: Partial<ResponseCriteria>[] = [
        { filters: [filter] },
        [
          { filters: [filter], ...range },
          { filters: [filter, completed] },
          { filters: [filter, partner], sentFrom: day(1) },
        ][index % 3]!,
      ];
      for (const variant of variants) {
        const criteria = { templateId, workspaceId: actor.workspaceId, filters: [], ...variant };
        const { overRows, overSurveys, readsRows, sent } = await bothPaths(template, criteria);
        const label = JSON.stringify(variant);
        expect(readsRows, label).toBe(true);
        expect(overRows, label).toEqual(overSurveys);
        cases += 1;
        if (sent > 0) nonEmpty += 1;
      }
    }
    expect(cases).toBeGreaterThan(100);
    expect(nonEmpty).toBeGreaterThan(cases / 2);
  }, 120_000);

  it('counts a date range alone and a consent not given in every state, as over the surveys', async () => {
    const template = await loadTemplateContext(t.ctx, actor, templateId);
    const notGiven: ResponseFilter = {
      field: `surveyResponses.${q.consent.id}`,
      operator: 'is_not',
      value: 'true',
    };
    for (const variant of [
      { filters: [], sentFrom: day(2) },
      { filters: [notGiven] },
      { filters: [notGiven], sentTo: day(22) },
    ]) {
      const criteria = { templateId, workspaceId: actor.workspaceId, ...variant };
      const { overRows, overSurveys, readsRows } = await bothPaths(template, criteria);
      expect(readsRows).toBe(true);
      expect(overRows).toEqual(overSurveys);
    }
    // The surveys still open (in progress, opened, sent) count as sent: 4 in the whole period.
    const all = await bothPaths(template, {
      templateId,
      workspaceId: actor.workspaceId,
      filters: [],
      sentFrom: day(-1),
    });
    expect([all.overRows.sent, all.overRows.completed]).toEqual([24, 19]);
  });

  it('reads the surveys for text, keyword and other filters, with the same answers', async () => {
    const template = await loadTemplateContext(t.ctx, actor, templateId);
    const criteria: ResponseCriteria = {
      templateId,
      workspaceId: actor.workspaceId,
      filters: [{ field: `surveyResponses.${q.short.id}`, operator: 'contains', value: 'name 1' }],
    };
    const { overRows, overSurveys, readsRows } = await bothPaths(template, criteria);
    expect(readsRows).toBe(false);
    expect(overRows).toEqual(overSurveys);
    expect(overRows.completed).toBeGreaterThan(0);
  });

  it('answers the API as before: promoters among the completed and those being answered', async () => {
    const promoters = filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'gte', value: 9 });
    const response = await owner.get(
      `/api/surveys?surveyTemplateId=${templateId}&include=summary&filters=${promoters}&sentFrom=${day(0).toISOString()}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    // Completed with 9 or 10: surveys 9 and 10 (20 left it out); and survey 6, in progress with 9.
    expect(response.json().summary).toMatchObject({ totalSent: 3, totalResponses: 2 });
    expect(response.json().pagination.total).toBe(3);
  });
});

describe('the narrow rows', () => {
  /** The rows with their numbers read back as question ids, so two numberings compare. */
  async function snapshot() {
    const result = (await t.ctx.db.execute(sql`
      select r.survey_id, r.template_id, r.sent_at, r.completed_at, r.composite_percentage,
        (select jsonb_object_agg(n.question_id, r.scores[n.number]) from summary_question_numbers n
          where n.template_id = r.template_id and r.scores[n.number] is not null) as scores,
        (select jsonb_object_agg(n.question_id, r.answers -> n.number::text) from summary_question_numbers n
          where n.template_id = r.template_id and r.answers ? n.number::text) as answers
      from survey_summary_rows r order by r.survey_id`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  }

  it("are rebuilt by the migration's statements exactly as the completions wrote them", async () => {
    const written = await snapshot();
    expect(written).toHaveLength(19);
    await t.ctx.db.execute(sql`delete from survey_summary_rows`);
    await t.ctx.db.execute(sql`delete from summary_question_numbers`);
    const migrations = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(migrations).find((name) => name.startsWith('0032_'))!;
    const handWritten = readFileSync(new URL(file, migrations), 'utf8').split('-- hand-written:')[1]!;
    for (const statement of handWritten.split('--> statement-breakpoint')) {
      await t.ctx.db.execute(sql.raw(statement));
    }
    expect(await snapshot()).toEqual(written);
  });

  it('keep a text answer only as answered, and go with their survey', async () => {
    const rows = await snapshot();
    const withText = rows.find((row) => (row.answers as Record<string, unknown>)[q.long.id] !== undefined)!;
    expect((withText.answers as Record<string, unknown>)[q.long.id]).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('A long comment');
    const surveyId = rows[0]!.survey_id as string;
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from outbox_messages where survey_id = ${surveyId}`);
        await tx.execute(sql`delete from surveys where id = ${surveyId}`);
        const left = (await tx.execute(
          sql`select count(*)::int as n from survey_summary_rows where survey_id = ${surveyId}`,
        )) as unknown as { rows: { n: number }[] };
        expect(left.rows[0]!.n).toBe(0);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });
});
