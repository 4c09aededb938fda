import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const token = 'scrape-token-0123456789';
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await createTestApp({ env: { METRICS_TOKEN: token } });
  off = await createTestApp();
});
afterAll(async () => {
  await on.close();
  await off.close();
});

const scrape = (t: TestApp, authorization?: string) =>
  t.client().get('/api/metrics', { headers: authorization ? { authorization } : {} });

describe('/api/metrics', () => {
  it('answers 404 with a message while METRICS_TOKEN is not set', async () => {
    const response = await scrape(off, `Bearer ${token}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Metrics are off: set METRICS_TOKEN to turn them on.');
  });

  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, 'Bearer ']) {
      const response = await scrape(on, authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('The metrics token is missing or wrong.');
    }
  });

  it('reports requests by route pattern, the queues, the outbox and the session cache', async () => {
    const client = on.client();
    await client.get('/api/health');
    await client.get('/api/health');
    await client.get('/api/surveys/00000000-0000-4000-8000-000000000000');
    const response = await scrape(on, `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /graphium_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 2\n/,
    );
    // The pattern, not the id: one series for every survey.
    expect(text).toContain('route="/api/surveys/:id",status="404"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/graphium_job_queue_waiting\{job="send-reminders"\} \d+/);
    expect(text).toMatch(/graphium_outbox_queued_messages \d+/);
    expect(text).toMatch(/graphium_session_cache_(hits|misses)_total \d+/);
  });

  it('counts the outbox backlog', async () => {
    const before = Number(
      /graphium_outbox_queued_messages (\d+)/.exec((await scrape(on, `Bearer ${token}`)).body)?.[1],
    );
    await on.ctx.database.executeSql(
      `insert into outbox_messages (channel, purpose, recipient, subject, text_body, status, next_attempt_at)
       values ('email', 'survey-invitation', 'a@example.com', 'Hello', 'Hello', 'queued', now() + interval '1 hour')`,
    );
    const after = Number(
      /graphium_outbox_queued_messages (\d+)/.exec((await scrape(on, `Bearer ${token}`)).body)?.[1],
    );
    expect(after).toBe(before + 1);
  });
});
