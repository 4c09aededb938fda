import { keywordFilterField, sentimentFilterField } from '@graphium/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { caseWorkspace } from '../cases/test-cases-fixtures.js';
import { findResponsePage } from '../responses/responses.repository.js';
import { answer, filterParam, send } from '../responses/test-responses-fixtures.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import {
  backfillTextAnalysesBatch,
  keywordAnswerSurveys,
  textFilterCondition,
} from './text-analytics.service.js';

// Text analytics through the API (docs/decisions/030-text-analytics.md): computed at completion,
// read per template (whole or filtered), the list and export filters, isolation and the backfill.

let t: TestApp;
let admin: TestClient;
let viewer: TestClient;
let templateId: string;
let q: ReturnType<typeof everyQuestion>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const workspace = await caseWorkspace(t);
  admin = workspace.admin;
  viewer = workspace.viewer.client;
  q = everyQuestion();
  const nps = { ...q.nps, compositeScore: { enabled: true, value: 1 } };
  const short = { ...q.short, label: 'What stood out', maxLength: 200 };
  const template = await publishTemplate(
    admin,
    { properties: [], questions: [nps, short, q.long] },
    { name: 'Delivery check' },
  );
  templateId = template.surveyTemplateId;
  const versionId = template.surveyTemplateVersionId;
  for (const name of ['ada', 'bob', 'cy', 'dee']) {
    ids[name] = await send(admin, versionId, { email: `${name}@example.com` });
  }
  await answer(t, ids.ada!, {
    [q.nps.id]: 10,
    [q.short.id]: 'Great support, very helpful!',
    [q.long.id]: 'Fast delivery.',
  });
  await answer(t, ids.bob!, { [q.nps.id]: 2, [q.short.id]: 'Slow delivery and rude staff' });
  await answer(t, ids.cy!, { [q.nps.id]: 6, [q.short.id]: 'slow delivery' });
  // Still being answered: not counted.
  await answer(t, ids.dee!, { [q.nps.id]: 0, [q.short.id]: 'Terrible slow delivery' }, false);
});
afterAll(async () => {
  await t?.close();
});

/** Every analysis and aggregate gone, as before text analytics existed (the backfill's start). */
async function forgetAnalyses() {
  await t.ctx.db.execute(sql`delete from text_answer_analyses`);
  await t.ctx.db.execute(sql`update text_term_stats set answer_count = 0, scored_count = 0, score_sum = 0`);
  await t.ctx.db.execute(sql`update text_sentiment_stats set answer_count = 0`);
}

/** The backfill's cursor back at the first survey, unfinished. */
function resetBackfill() {
  return t.ctx.db.execute(
    sql`update text_analytics_backfill set last_survey_id = null, analysed_count = 0, finished_at = null`,
  );
}

const analytics = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/survey-templates/${templateId}/text-analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().questions as {
    questionId: string;
    answerCount: number;
    sentiment: Record<string, number>;
    keywords: { term: string; count: number; averageScore: number | null }[];
    phrases: { term: string; count: number; averageScore: number | null }[];
  }[];
};

const listIds = async (filters: { field: string; operator: string; value: string }[]) => {
  const response = await admin.get(
    `/api/surveys?surveyTemplateId=${templateId}&filters=${filterParam(...filters)}&include=surveys`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().surveys as { surveyId: string }[]).map((survey) => survey.surveyId).sort();
};

describe('text analytics of a template', () => {
  it('counts sentiments, keywords and phrases of completed answers with their average score', async () => {
    const [short, long] = await analytics(viewer);
    expect(short!.questionId).toBe(q.short.id);
    expect(short!.answerCount).toBe(3);
    expect(short!.sentiment).toEqual({ positive: 1, neutral: 1, negative: 1, not_analysed: 0 });
    expect(short!.keywords.slice(0, 2)).toEqual([
      { term: 'delivery', count: 2, averageScore: 40 },
      { term: 'slow', count: 2, averageScore: 40 },
    ]);
    expect(short!.keywords.map((keyword) => keyword.term)).not.toContain('and');
    expect(short!.phrases[0]).toEqual({ term: 'slow delivery', count: 2, averageScore: 40 });
    expect(long!.keywords).toEqual([
      { term: 'delivery', count: 1, averageScore: 100 },
      { term: 'fast', count: 1, averageScore: 100 },
    ]);
  });

  it('narrows to the responses list filters', async () => {
    const filters = filterParam({ field: `surveyResponses.${q.nps.id}`, operator: 'gte', value: 5 });
    const [short] = await analytics(admin, `?filters=${filters}&limit=1`);
    expect(short!.sentiment).toEqual({ positive: 1, neutral: 1, negative: 0, not_analysed: 0 });
    expect(short!.keywords).toEqual([{ term: 'delivery', count: 1, averageScore: 60 }]);
  });

  it('filters the list and the export by sentiment and keyword', async () => {
    const sentiment = (operator: string, value: string) =>
      listIds([{ field: sentimentFilterField(q.short.id), operator, value }]);
    expect(await sentiment('is', 'negative')).toEqual([ids.bob]);
    expect(await sentiment('is_not', 'negative')).toEqual([ids.ada, ids.cy].sort());
    const keyword = (operator: string, value: string) =>
      listIds([{ field: keywordFilterField(q.short.id), operator, value }]);
    expect(await keyword('contains', ' Slow  Delivery ')).toEqual([ids.bob, ids.cy].sort());
    expect(await keyword('contains', 'deliver')).toEqual([]);
    expect(await keyword('not_contains', 'delivery')).toEqual([ids.ada]);
    const exported = await admin.get(
      `/api/surveys/export?surveyTemplateId=${templateId}&format=csv&filters=${filterParam({
        field: keywordFilterField(q.short.id),
        operator: 'contains',
        value: 'rude',
      })}`,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Slow delivery and rude staff');
    expect(exported.body).not.toContain('Great support');
  });

  it('counts the matches of one keyword or sentiment filter from the aggregates, as the surveys count them', async () => {
    const completed = { field: 'surveyState', operator: 'is', value: 'COMPLETE' };
    const filters = [
      { field: sentimentFilterField(q.short.id), operator: 'is', value: 'negative' },
      { field: sentimentFilterField(q.short.id), operator: 'is_not', value: 'negative' },
      { field: keywordFilterField(q.short.id), operator: 'contains', value: ' Slow  Delivery ' },
      { field: keywordFilterField(q.short.id), operator: 'not_contains', value: 'delivery' },
      { field: keywordFilterField(q.long.id), operator: 'contains', value: 'nowhere' },
    ];
    const totalOf = async (query: string) => {
      const response = await admin.get(`/api/surveys?surveyTemplateId=${templateId}&include=surveys${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().pagination.total as number;
    };
    for (const filter of filters) {
      const label = JSON.stringify(filter);
      const fromAggregates = await totalOf(`&filters=${filterParam(filter)}`);
      // A date range makes the list count its rows in SQL.
      const counted = await totalOf(`&filters=${filterParam(filter)}&sentFrom=${new Date(0).toISOString()}`);
      expect(fromAggregates, label).toBe(counted);
      expect(fromAggregates, label).toBe((await listIds([filter])).length);
      expect(await totalOf(`&filters=${filterParam(filter, completed)}`), label).toBe(counted);
    }
    expect(await totalOf(`&filters=${filterParam(filters[2]!)}`)).toBe(2);
  });

  it("reads the same page through a rare keyword's answers as through the list's index", async () => {
    const conditions = [
      sql`${surveys.templateId} = ${templateId}`,
      textFilterCondition('keyword', q.short.id, 'contains', 'delivery'),
    ];
    const hits = keywordAnswerSurveys({ templateId, questionId: q.short.id }, ' Delivery');
    for (const page of [
      { limit: 1, offset: 0, reverse: false },
      { limit: 1, offset: 1, reverse: false },
      { limit: 5, offset: 0, reverse: true },
    ]) {
      const walked = (await findResponsePage(t.ctx.db, conditions, page)).map((row) => row.id);
      const read = (await findResponsePage(t.ctx.db, conditions, { ...page, hits })).map((row) => row.id);
      expect(read, JSON.stringify(page)).toEqual(walked);
      expect(walked.length).toBeGreaterThan(0);
    }
  });

  it('refuses filters that do not fit, naming the problem', async () => {
    const bad = async (filter: { field: string; operator: string; value: string }) => {
      const response = await admin.get(
        `/api/surveys?surveyTemplateId=${templateId}&filters=${filterParam(filter)}`,
      );
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await bad({ field: sentimentFilterField(q.short.id), operator: 'is', value: 'angry' })).toMatch(
      /sentiment filter's value/,
    );
    expect(
      await bad({ field: keywordFilterField(q.short.id), operator: 'contains', value: 'a b c' }),
    ).toMatch(/two-word phrase/);
    expect(await bad({ field: keywordFilterField(q.nps.id), operator: 'contains', value: 'slow' })).toMatch(
      /no text question/,
    );
    const limit = await admin.get(`/api/survey-templates/${templateId}/text-analytics?limit=1000`);
    expect(limit.statusCode).toBe(400);
  });

  it("shows a survey's sentiments, and hides another workspace's template and survey", async () => {
    const mine = await viewer.get(`/api/surveys/${ids.bob}/text-analytics`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ sentiments: [{ questionId: q.short.id, sentiment: 'negative' }] });
    const other = (await caseWorkspace(t)).admin;
    expect((await other.get(`/api/survey-templates/${templateId}/text-analytics`)).statusCode).toBe(404);
    expect((await other.get(`/api/surveys/${ids.bob}/text-analytics`)).statusCode).toBe(404);
    expect(
      (
        await other.get(
          `/api/surveys?surveyTemplateId=${templateId}&filters=${filterParam({
            field: sentimentFilterField(q.short.id),
            operator: 'is',
            value: 'negative',
          })}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await t.client().get(`/api/survey-templates/${templateId}/text-analytics`)).statusCode).toBe(401);
  });

  it('backfills surveys completed before, in batches, and a second run changes nothing', async () => {
    const before = await analytics(admin);
    await forgetAnalyses();
    await resetBackfill();
    const runAll = async () => {
      let batches = 0;
      for (;;) {
        batches += 1;
        const batch = await backfillTextAnalysesBatch(t.ctx.db, new Date(), 2);
        if (batch.isFinished) return batches;
      }
    };
    expect(await runAll()).toBeGreaterThan(1);
    expect(await analytics(admin)).toEqual(before);
    // Done: another run finds nothing; reset, it replaces every row and the counts stay.
    expect(await backfillTextAnalysesBatch(t.ctx.db, new Date(), 2)).toEqual({
      surveys: 0,
      answers: 0,
      isFinished: true,
    });
    await resetBackfill();
    await runAll();
    expect(await analytics(admin)).toEqual(before);
  });

  it('backfills surveys that share terms in one batch to the same aggregates as their completions', async () => {
    const aggregates = async () => {
      const terms = await t.ctx.db.execute(sql`
        select question_id, term, is_phrase, answer_count, scored_count, score_sum from text_term_stats
        where template_id = ${templateId} and answer_count <> 0 order by question_id, term`);
      const sentiments = await t.ctx.db.execute(sql`
        select question_id, sentiment, answer_count from text_sentiment_stats
        where template_id = ${templateId} and answer_count <> 0 order by question_id, sentiment`);
      const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
      return { terms: rows(terms), sentiments: rows(sentiments) };
    };
    const atCompletion = await aggregates();
    // "slow", "delivery" and "slow delivery" are held by two surveys: one row each, counted twice.
    expect(atCompletion.terms).toContainEqual(
      expect.objectContaining({ term: 'slow delivery', answer_count: 2, score_sum: 80 }),
    );
    await forgetAnalyses();
    await resetBackfill();
    const batch = await backfillTextAnalysesBatch(t.ctx.db, new Date(), 1000);
    expect(batch.isFinished).toBe(true);
    expect(batch.answers).toBeGreaterThanOrEqual(4);
    expect(await aggregates()).toEqual(atCompletion);
    // Again over rows already there: each survey's terms are replaced, no count moves.
    await resetBackfill();
    await backfillTextAnalysesBatch(t.ctx.db, new Date(), 1000);
    expect(await aggregates()).toEqual(atCompletion);
  });
});
