import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { digestFigures } from './digest-figures.js';
import { completeAt, digestTemplate, workspaceIn } from './test-reports-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const week = { from: at('2026-03-02T00:00:00Z'), to: at('2026-03-09T00:00:00Z') };

describe('digest figures', () => {
  it('counts a period and the one before, by template, and nothing of another workspace', async () => {
    const workspace = await workspaceIn(t);
    const stranger = await workspaceIn(t);
    const first = await digestTemplate(workspace.client, 'First');
    const second = await digestTemplate(workspace.client, 'Second');
    const foreign = await digestTemplate(stranger.client, 'Foreign');
    const answers = (template: typeof first, nps: number, stars: number) => ({
      [template.questions.nps.id]: nps,
      [template.questions.stars.id]: stars,
    });
    const complete = (
      template: typeof first,
      nps: number,
      stars: number,
      day: string,
      client = workspace.client,
    ) =>
      completeAt(t, client, template.surveyTemplateVersionId, answers(template, nps, stars), {
        sentAt: at(`${day}T09:00:00Z`),
        completedAt: at(`${day}T10:00:00Z`),
      });
    await complete(first, 10, 5, '2026-03-02');
    await complete(first, 9, 4, '2026-03-08');
    await complete(second, 2, 1, '2026-03-03');
    await completeAt(
      t,
      workspace.client,
      first.surveyTemplateVersionId,
      {},
      { sentAt: at('2026-03-04T09:00:00Z') },
    );
    await complete(first, 6, 2, '2026-02-26');
    // Completed on the Monday after: the next week's.
    await complete(first, 0, 1, '2026-03-09');
    await complete(foreign, 0, 1, '2026-03-03', stranger.client);

    const everything = await digestFigures(t.ctx.db, { workspaceId: workspace.workspaceId, ...week });
    expect(everything.current).toEqual({
      completed: 3,
      sent: 4,
      responseRate: 75,
      nps: ((2 - 1) / 3) * 100,
      npsAnswers: 3,
      compositeScore: (100 + 75 + 0) / 3,
      compositeAnswers: 3,
    });
    expect(everything.previous).toEqual({
      completed: 1,
      sent: 1,
      responseRate: 100,
      nps: -100,
      npsAnswers: 1,
      compositeScore: 25,
      compositeAnswers: 1,
    });

    const onlySecond = await digestFigures(t.ctx.db, {
      workspaceId: workspace.workspaceId,
      templateIds: [second.surveyTemplateId],
      ...week,
    });
    expect(onlySecond.current).toMatchObject({ completed: 1, sent: 1, nps: -100, compositeScore: 0 });
    expect(onlySecond.previous).toEqual({
      completed: 0,
      sent: 0,
      responseRate: null,
      nps: null,
      npsAnswers: 0,
      compositeScore: null,
      compositeAnswers: 0,
    });

    const other = await digestFigures(t.ctx.db, { workspaceId: stranger.workspaceId, ...week });
    expect(other.current).toMatchObject({ completed: 1, nps: -100 });
  });
});
