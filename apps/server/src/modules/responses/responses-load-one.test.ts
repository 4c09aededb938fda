import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { bearer } from '../surveys/test-fixtures.js';
import { seedVisitSurveys, type VisitSurveys } from './test-responses-fixtures.js';

// GET /surveys/{id} is the spec's "Load one survey": the respondent page's call for anyone, the
// response with its scoring for the staff of the survey's workspace.
let t: TestApp;
let owner: VisitSurveys['owner'];
let ids: VisitSurveys['ids'];
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, ids } = await seedVisitSurveys(t));
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

const asWorkspace = (client: VisitSurveys['owner']) => ({
  headers: { 'x-workspace-id': client.cookies.get('x-workspace-id')! },
});

describe('GET /surveys/{id}', () => {
  it('answers staff who name their workspace with the response, as /response does', async () => {
    const staff = await owner.get(`/api/surveys/${ids.ada}`, asWorkspace(owner));
    expect(staff.statusCode, staff.body).toBe(200);
    const alias = (await owner.get(`/api/surveys/${ids.ada}/response`)).json();
    expect(staff.json()).toEqual(alias);
    expect(staff.json()).toMatchObject({ surveyId: ids.ada, scoring: { overallPercentage: 100 } });
  });

  it('answers an API key of the workspace with the response, and another key 404', async () => {
    const key = (await owner.post('/api/customers/api-keys', { apiKeyName: 'CRM', scope: 'read' })).json();
    const api = await t.client().get(`/api/surveys/${ids.ada}`, bearer(key.apiKey));
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json()).toMatchObject({ surveyId: ids.ada, surveyState: 'COMPLETE' });

    const stranger = (await signUpClient(t.client())).client;
    const otherKey = (
      await stranger.post('/api/customers/api-keys', { apiKeyName: 'Other', scope: 'read' })
    ).json();
    const foreign = await t.client().get(`/api/surveys/${ids.ada}`, bearer(otherKey.apiKey));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Survey response not found.');
    const revoked = await t.client().get(`/api/surveys/${ids.ada}`, bearer('gph_not-a-key'));
    expect(revoked.statusCode).toBe(401);
  });

  it('stays the respondent call for anyone else, and a staff read never marks a survey opened', async () => {
    const anonymous = (await t.client().get(`/api/surveys/${ids.eve}`)).json();
    expect(anonymous).toMatchObject({ requiresAuthentication: false });
    expect(anonymous).not.toHaveProperty('scoring');
    // A colleague opening a survey link in the browser they work in is a respondent there.
    const withSessionOnly = (await owner.get(`/api/surveys/${ids.eve}`)).json();
    expect(withSessionOnly).toEqual(anonymous);
    // Staff of another workspace, naming theirs, get the respondent page too.
    const stranger = (await signUpClient(t.client())).client;
    const elsewhere = (await stranger.get(`/api/surveys/${ids.eve}`, asWorkspace(stranger))).json();
    expect(elsewhere).toEqual(anonymous);

    const before = (await owner.get(`/api/surveys/${ids.eve}/response`)).json().lastOpenedAt;
    await owner.get(`/api/surveys/${ids.eve}?markAsOpened=true`, asWorkspace(owner));
    expect((await owner.get(`/api/surveys/${ids.eve}/response`)).json().lastOpenedAt).toBe(before);
  });
});
