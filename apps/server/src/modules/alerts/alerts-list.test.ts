import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { fireSurveyAlerts } from './alerts.service.js';
import {
  alertRows,
  completeSurvey,
  startAlertsTestApp,
  templateWithAlerts,
  uniqueEmail,
} from './test-alerts-fixtures.js';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startAlertsTestApp());
});
afterAll(() => close());

describe('the survey alerts list', () => {
  it('lists the workspace alerts newest first, hides and shows them, and keeps other workspaces out', async () => {
    const { client } = await signUpClient(t.client());
    const { versionId, templateId, questions, name } = await templateWithAlerts(client, (q) => [
      {
        id: 'low',
        name: 'Low score',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'LESS_THAN', value: 5 }],
        recipients: [uniqueEmail('lead')],
        notificationChannels: ['email', 'slack'],
      },
    ]);
    const first = await completeSurvey(t, client, versionId, { [questions.nps.id]: 1 });
    const second = await completeSurvey(t, client, versionId, { [questions.nps.id]: 2 });
    const listed = await client.get('/api/survey-alerts/');
    expect(listed.statusCode).toBe(200);
    const alerts = listed.json().surveyAlerts as Record<string, unknown>[];
    expect(alerts.map((alert) => alert.surveyId)).toEqual([second, first]);
    expect(alerts[0]).toEqual({
      surveyAlertId: expect.any(String),
      isActive: true,
      createdAt: expect.any(String),
      alertId: 'low',
      alertName: 'Low score',
      surveyId: second,
      surveyTemplateId: templateId,
      surveyTemplateVersionId: versionId,
      matchedConditions: [{ questionLabel: 'NPS', operator: 'LESS_THAN', value: 5, answer: 2 }],
      // No name property: the address the survey went to.
      respondent: expect.stringMatching(/^respondent\..+@example\.com$/),
      undelivered: [],
      survey: {
        surveyTemplate: {
          surveyTemplateName: name,
          surveyTemplateDescription: 'Sent after each visit',
          surveyTemplateSettings: {
            alerts: [{ id: 'low', name: 'Low score', notificationChannels: ['email', 'slack'] }],
          },
        },
      },
    });
    const id = alerts[0]!.surveyAlertId as string;
    const hidden = await client.patch(`/api/survey-alerts/${id}/status`, { isActive: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ surveyAlertId: id, isActive: false });
    expect((await client.get('/api/survey-alerts/')).json().surveyAlerts[0].isActive).toBe(false);
    const shown = await client.patch(`/api/survey-alerts/${id}/status`, { isActive: true });
    expect(shown.json().isActive).toBe(true);
    expect((await client.patch(`/api/survey-alerts/${id}/status`, { isActive: 'no' })).statusCode).toBe(400);

    const { client: stranger } = await signUpClient(t.client());
    expect((await stranger.get('/api/survey-alerts/')).json().surveyAlerts).toEqual([]);
    const foreign = await stranger.patch(`/api/survey-alerts/${id}/status`, { isActive: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Survey alert not found');
    expect(
      (await stranger.patch(`/api/survey-alerts/${randomUUID()}/status`, { isActive: false })).statusCode,
    ).toBe(404);
    expect((await t.client().get('/api/survey-alerts/')).statusCode).toBe(401);
  });

  it('fires once per survey and alert, even if completion were recorded twice', async () => {
    const { client } = await signUpClient(t.client());
    const { versionId, questions } = await templateWithAlerts(client, (q) => [
      {
        id: 'once',
        name: 'Once',
        conditions: [{ surveyQuestionId: q.nps.id, operator: 'IS_NOT_EMPTY', value: '' }],
        recipients: [uniqueEmail('once')],
      },
    ]);
    const surveyId = await completeSurvey(t, client, versionId, { [questions.nps.id]: 4 });
    const again = await t.ctx.db.transaction((tx) =>
      fireSurveyAlerts(t.ctx, tx, surveyId, { [questions.nps.id]: 4 }, t.ctx.now()),
    );
    expect(again).toEqual({ outboxIds: [], fired: [] });
    expect(await alertRows(t, surveyId)).toHaveLength(1);
  });
});
