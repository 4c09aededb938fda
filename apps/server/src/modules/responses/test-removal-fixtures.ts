import { randomUUID } from 'node:crypto';
import type { SurveyResponses } from '@graphium/shared';
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../db/client.js';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion } from '../surveys/test-fixtures.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { recordTextAnalyses } from '../text-analytics/text-analytics.service.js';
import { recordSentSurveys, recordSurveyCompletion } from './response-aggregates.service.js';
import { answer, day, send } from './test-responses-fixtures.js';

// What the removal and erasure tests share: two workspaces answering templates made from one base
// template (so benchmarks cross workspaces), with properties, scale, choice and text answers; and
// every aggregate table read as rows, beside the same tables rebuilt from the surveys that remain
// (what an installation that only ever had those surveys would hold).

/** Every aggregate table with its key columns (rows are compared in key order). */
const aggregateTables: Record<string, string[]> = {
  response_template_stats: ['template_id'],
  response_question_stats: ['template_id', 'question_id'],
  response_answer_stats: ['template_id', 'question_id', 'answer_value'],
  response_weekly_stats: ['template_id', 'week_start'],
  response_benchmark_stats: ['base_template_id', 'question_id', 'workspace_id'],
  response_segment_stats: ['template_id', 'property_id', 'value_key', 'question_id'],
  response_daily_stats: ['template_id', 'day'],
  text_term_stats: ['template_id', 'question_id', 'term'],
  text_sentiment_stats: ['template_id', 'question_id', 'sentiment'],
};

type Row = Record<string, unknown>;

async function rowsOf(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Every aggregate row, floats rounded, rows that count nothing left out, and the segment table's
 * label (the first value seen, which a rebuild may pick differently) left out.
 */
export async function readAggregates(db: Executor): Promise<Record<string, Row[]>> {
  const snapshot: Record<string, Row[]> = {};
  for (const [table, keys] of Object.entries(aggregateTables)) {
    const rows = await rowsOf(db, sql.raw(`select * from ${table} order by ${keys.join(', ')}`));
    snapshot[table] = rows
      .map((row) => {
        const { value: _label, ...rest } = row;
        const shown = table === 'response_segment_stats' ? rest : row;
        return Object.fromEntries(
          Object.entries(shown).map(([column, value]) => [
            column,
            typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(6)) : value,
          ]),
        );
      })
      .filter((row) =>
        Object.entries(row).some(
          ([column, value]) => !keys.includes(column) && typeof value === 'number' && value !== 0,
        ),
      );
  }
  return snapshot;
}

/**
 * The aggregates rebuilt from the surveys there are now, through the same functions that send and
 * complete them, read inside a transaction that is then rolled back.
 */
export async function rebuiltAggregates(db: Executor): Promise<Record<string, Row[]>> {
  let rebuilt: Record<string, Row[]> = {};
  const rollback = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      for (const table of Object.keys(aggregateTables)) await tx.execute(sql.raw(`delete from ${table}`));
      await tx.execute(sql`delete from text_answer_analyses`);
      const surveys = await rowsOf(
        tx,
        sql`select id, workspace_id, template_id, template_version_id, state, sent_at, completed_at, responses
            from surveys order by sent_at, id`,
      );
      for (const survey of surveys) {
        await recordSentSurveys(tx, [
          {
            templateId: String(survey.template_id),
            workspaceId: String(survey.workspace_id),
            sentAt: new Date(String(survey.sent_at)),
          },
        ]);
      }
      for (const survey of surveys.filter((row) => row.state === 'COMPLETE')) {
        await recordSurveyCompletion(tx, {
          surveyId: String(survey.id),
          workspaceId: String(survey.workspace_id),
          templateVersionId: String(survey.template_version_id),
          definition: await loadVersionDefinition(tx, String(survey.template_version_id)),
          responses: survey.responses as SurveyResponses,
          completedAt: new Date(String(survey.completed_at)),
        });
        await recordTextAnalyses(tx, String(survey.id));
      }
      rebuilt = await readAggregates(tx);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return rebuilt;
}

export interface RemovalWorld {
  provider: TestClient;
  customers: {
    client: TestClient;
    workspaceId: string;
    templateId: string;
    versionId: string;
    surveys: { id: string; email: string; phone?: string }[];
  }[];
  q: ReturnType<typeof everyQuestion>;
  plan: { id: string };
}

/**
 * A provider's base template with every question type and two properties; two workspaces with a
 * template made from it, each sending six surveys over six days: four completed (with text
 * answers sharing words), one in progress, one only sent.
 */
export async function seedRemovalWorld(t: TestApp): Promise<RemovalWorld> {
  const provider = await signUpClient(t.client(), { businessName: 'Graphium Provider' });
  t.ctx.providerWorkspaceId = provider.startup.workspaces[0]!.workspaceId;
  const q = everyQuestion();
  q.nps = { ...q.nps, compositeScore: { enabled: true, value: 2 } } as typeof q.nps;
  q.stars = { ...q.stars, compositeScore: { enabled: true, value: 1 } } as typeof q.stars;
  const plan = { id: randomUUID(), type: 'Text', label: 'Plan' };
  const seats = { id: randomUUID(), type: 'Number', label: 'Seats' };
  const created = await provider.client.post('/api/base-survey-templates/', {
    baseSurveyTemplateName: 'Visit',
    accountId: provider.startup.account.accountId,
  });
  const baseVersionId = created.json().baseSurveyTemplateVersionId;
  const updated = await provider.client.patch(`/api/base-survey-templates/${baseVersionId}`, {
    baseSurveyTemplateDefinition: { properties: [plan, seats], questions: Object.values(q) },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  await provider.client.patch(`/api/base-survey-templates/${baseVersionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const texts = [
    'Great service and friendly staff',
    'Slow delivery, friendly staff though',
    'Terrible wait, slow delivery again',
    'Great prices',
  ];
  const customers: RemovalWorld['customers'] = [];
  for (let index = 0; index < 2; index += 1) {
    const signed = await signUpClient(t.client());
    const client = signed.client;
    const template = await client.post('/api/survey-templates/', {
      surveyTemplateName: `Visit ${index}`,
      baseSurveyTemplateVersionId: baseVersionId,
    });
    expect(template.statusCode, template.body).toBe(201);
    const versionId = template.json().surveyTemplateVersionId as string;
    await client.patch(`/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
    const surveys: RemovalWorld['customers'][number]['surveys'] = [];
    for (let n = 0; n < 6; n += 1) {
      t.setNow(day(n));
      const email = `person-${index}-${n}@example.com`;
      const phone = n === 0 ? `+1555123000${index}` : undefined;
      const id = await send(
        client,
        versionId,
        { email, ...(phone ? { phone } : {}) },
        {
          [plan.id]: n % 2 === 0 ? 'Pro' : `Plan of ${email}`,
          [seats.id]: String(n + 1),
        },
      );
      surveys.push({ id, email, ...(phone ? { phone } : {}) });
    }
    for (let n = 0; n < 4; n += 1) {
      t.setNow(day(6 + n));
      await answer(t, surveys[n]!.id, {
        [q.nps.id]: [10, 6, 8, 3][n],
        [q.stars.id]: [5, 2, 4, 1][n],
        [q.numeric.id]: n + 2,
        [q.choice.id]: n === 1 ? ['Tyres', 'Other: brakes for Ada'] : ['Oil'],
        [q.dropdown.id]: n % 2 === 0 ? 'North' : 'South',
        [q.short.id]: `Name ${n}`,
        [q.long.id]: texts[n],
      });
    }
    t.setNow(day(11));
    await answer(t, surveys[4]!.id, { [q.nps.id]: 9 }, false);
    customers.push({
      client,
      workspaceId: signed.startup.workspaces[0]!.workspaceId,
      templateId: template.json().surveyTemplateId,
      versionId,
      surveys,
    });
  }
  return { provider: provider.client, customers, q, plan };
}

/** The `n` a counting query answers (`select count(*)::int as n …`). */
export async function countOf(t: TestApp, query: SQL): Promise<number> {
  return Number(((await t.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
