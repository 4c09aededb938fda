import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveAnswers } from './respondent-save-batch.js';
import { row, sentSurvey } from './test-respondent-fixtures.js';

// Saves grouped into one statement per batch on PostgreSQL (docs/decisions/048-respondent-cache.md);
// on the embedded database each save is its own prepared statement, and the results are the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the respondent saves grouped in batches', () => {
  it('keeps every answer of saves that share a batch, twice the same survey included, and refuses a closed one', async () => {
    const first = await sentSurvey(t, { authentication: false });
    const second = await sentSurvey(t, { authentication: false });
    const { nps, stars } = first.questions;
    const now = new Date();
    const save = (surveyId: string, set: Record<string, number>) =>
      saveAnswers(t.ctx, { surveyId, set, clear: [], language: null, now });
    // One statement runs at a time: the first save goes alone, the next four wait and go together,
    // the first survey twice (in two rounds, in arrival order).
    const results = await Promise.all([
      save(second.surveyId, { [second.questions.nps.id]: 3 }),
      save(second.surveyId, { [second.questions.stars.id]: 2 }),
      save(first.surveyId, { [nps.id]: 9 }),
      save(first.surveyId, { [stars.id]: 4 }),
      save('00000000-0000-4000-8000-000000000000', { [nps.id]: 1 }),
    ]);
    expect(results[0]?.state).toBe('IN_PROGRESS');
    expect(results[2]?.responses).toEqual({ [nps.id]: 9 });
    expect(results[3]?.responses).toEqual({ [nps.id]: 9, [stars.id]: 4 });
    expect(results[4]).toBeUndefined();
    expect((await row(t, first.surveyId)).responses).toEqual({ [nps.id]: 9, [stars.id]: 4 });
    expect((await row(t, second.surveyId)).responses).toEqual({
      [second.questions.nps.id]: 3,
      [second.questions.stars.id]: 2,
    });

    await t.ctx.database.executeSql("update surveys set state = 'COMPLETE' where id = $1", [first.surveyId]);
    expect(await save(first.surveyId, { [nps.id]: 1 })).toBeUndefined();
    expect((await row(t, first.surveyId)).responses).toEqual({ [nps.id]: 9, [stars.id]: 4 });
  });
});
