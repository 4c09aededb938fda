import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, templates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient } from '../../test/test-client.js';
import { purgeExpiredIdempotencyKeys, staleIdempotencyClaimMs } from './idempotency.service.js';

// Idempotency-Key on the /api/v1 POSTs (docs/decisions/037-public-api-v1.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newKey() {
  const { client: admin, startup } = await signUpClient(t.client());
  const created = await admin.post('/api/customers/api-keys', {
    apiKeyName: 'Importer',
    scope: 'read-write',
  });
  expect(created.statusCode).toBe(201);
  return {
    apiKey: created.json().apiKey as string,
    apiKeyId: created.json().apiKeyId as string,
    workspaceId: startup.workspaces[0]!.workspaceId as string,
  };
}

function create(apiKey: string, body: object, idempotencyKey?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/survey-templates',
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: body,
  });
}

async function templateCount(workspaceId: string, name: string) {
  const rows = await t.ctx.db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.name, name)));
  return rows.length;
}

describe('Idempotency-Key on POST', () => {
  it('runs a retried POST once and replays the first reply, status and body', async () => {
    const { apiKey, workspaceId } = await newKey();
    const first = await create(apiKey, { surveyTemplateName: 'Welcome' }, 'order-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await create(apiKey, { surveyTemplateName: 'Welcome' }, 'order-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toMatch(/application\/json/);
    expect(retry.json()).toEqual(first.json());
    expect(await templateCount(workspaceId, 'Welcome')).toBe(1);
    // The same body with its keys in another order is the same request.
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/survey-templates',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'idempotency-key': 'order-1',
        'content-type': 'application/json',
      },
      payload: '{"surveyTemplateName":"Welcome"}',
    });
    expect(reordered.statusCode).toBe(201);
    expect(await templateCount(workspaceId, 'Welcome')).toBe(1);
  });

  it('creates once per key, and again without a key or with a new one', async () => {
    const { apiKey, workspaceId } = await newKey();
    await create(apiKey, { surveyTemplateName: 'Twice' });
    await create(apiKey, { surveyTemplateName: 'Twice' });
    await create(apiKey, { surveyTemplateName: 'Twice' }, 'a');
    await create(apiKey, { surveyTemplateName: 'Twice' }, 'b');
    expect(await templateCount(workspaceId, 'Twice')).toBe(4);
  });

  it('refuses the same key with another body with 422, creating nothing', async () => {
    const { apiKey, workspaceId } = await newKey();
    expect((await create(apiKey, { surveyTemplateName: 'First' }, 'reused')).statusCode).toBe(201);
    const other = await create(apiKey, { surveyTemplateName: 'Second' }, 'reused');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'UNPROCESSABLE',
      message: expect.stringContaining('already used with another request'),
    });
    expect(await templateCount(workspaceId, 'Second')).toBe(0);
  });

  it('keeps keys apart per API key: another key may use the same value', async () => {
    const first = await newKey();
    const second = await newKey();
    expect((await create(first.apiKey, { surveyTemplateName: 'Mine' }, 'shared-value')).statusCode).toBe(201);
    const other = await create(second.apiKey, { surveyTemplateName: 'Mine' }, 'shared-value');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await templateCount(second.workspaceId, 'Mine')).toBe(1);
  });

  it('answers 409 with Retry-After while the first request with the key still runs', async () => {
    const { apiKey, apiKeyId, workspaceId } = await newKey();
    const body = { surveyTemplateName: 'Slow' };
    // The first request holds the key (as it does while its handler runs).
    expect((await create(apiKey, body, 'busy')).statusCode).toBe(201);
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ state: 'running', responseStatus: null, responseBody: null })
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, 'busy')));
    const retry = await create(apiKey, body, 'busy');
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['retry-after']).toBe('1');
    expect(retry.json().error).toBe('CONFLICT');
    expect(await templateCount(workspaceId, 'Slow')).toBe(1);
  });

  it('never runs a request again whose claim was left running (its process died): after 10 minutes it says the outcome is unknown', async () => {
    const { apiKey, apiKeyId, workspaceId } = await newKey();
    const body = { surveyTemplateName: 'Crashed' };
    const claimed = new Date('2026-11-26T08:00:00Z');
    const keyOf = and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, 'crashed'));
    try {
      t.setNow(claimed);
      expect((await create(apiKey, body, 'crashed')).statusCode).toBe(201);
      // The process died after the write committed and before the reply was kept.
      await t.ctx.db
        .update(idempotencyKeys)
        .set({ state: 'running', responseStatus: null, responseBody: null, completedAt: null })
        .where(keyOf);
      t.setNow(new Date(claimed.getTime() + staleIdempotencyClaimMs - 1000));
      const soon = await create(apiKey, body, 'crashed');
      expect(soon.statusCode).toBe(409);
      expect(soon.headers['retry-after']).toBe('1');
      t.setNow(new Date(claimed.getTime() + staleIdempotencyClaimMs + 1000));
      const late = await create(apiKey, body, 'crashed');
      expect(late.statusCode).toBe(409);
      expect(late.headers['retry-after']).toBeUndefined();
      expect(late.json().message).toBe(
        'The first request with this Idempotency-Key did not finish, so whether it took effect is unknown. Check before sending it again, with a new key.',
      );
      // Another request under the key is still refused: the key was used for this one.
      expect((await create(apiKey, { surveyTemplateName: 'Other' }, 'crashed')).statusCode).toBe(422);
      expect(await templateCount(workspaceId, 'Crashed')).toBe(1);
    } finally {
      t.setNow(undefined);
    }
  });

  it('lets concurrent requests with one key create once', async () => {
    const { apiKey, workspaceId } = await newKey();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => create(apiKey, { surveyTemplateName: 'Racing' }, 'race')),
    );
    expect(await templateCount(workspaceId, 'Racing')).toBe(1);
    for (const reply of replies) expect([201, 409]).toContain(reply.statusCode);
    expect(
      replies.filter((reply) => reply.statusCode === 201 && !reply.headers['idempotent-replayed']),
    ).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and claims nothing for a refused body', async () => {
    const { apiKey, workspaceId } = await newKey();
    const malformed = await create(apiKey, { surveyTemplateName: 'Bad key' }, 'with space');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toHaveProperty('Idempotency-Key');
    const tooLong = await create(apiKey, { surveyTemplateName: 'Bad key' }, 'x'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(await templateCount(workspaceId, 'Bad key')).toBe(0);
    // A 400 for the body claims nothing: the fixed request may use the key.
    expect((await create(apiKey, { surveyTemplateName: '' }, 'fix-me')).statusCode).toBe(400);
    expect((await create(apiKey, { surveyTemplateName: 'Fixed' }, 'fix-me')).statusCode).toBe(201);
  });

  it('keeps a key 24 hours: the purge job forgets older ones, and the key may be used again', async () => {
    const { apiKey, apiKeyId, workspaceId } = await newKey();
    const start = new Date('2032-06-01T08:00:00.000Z');
    t.setNow(start);
    try {
      expect((await create(apiKey, { surveyTemplateName: 'Daily' }, 'daily')).statusCode).toBe(201);
      t.setNow(new Date(start.getTime() + 23 * 3600_000));
      await purgeExpiredIdempotencyKeys(t.ctx);
      expect(
        (await create(apiKey, { surveyTemplateName: 'Daily' }, 'daily')).headers['idempotent-replayed'],
      ).toBe('true');
      t.setNow(new Date(start.getTime() + 25 * 3600_000));
      expect(await purgeExpiredIdempotencyKeys(t.ctx)).toBeGreaterThanOrEqual(1);
      const kept = await t.ctx.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.apiKeyId, apiKeyId));
      expect(kept).toEqual([]);
      const again = await create(apiKey, { surveyTemplateName: 'Daily' }, 'daily');
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(await templateCount(workspaceId, 'Daily')).toBe(2);
    } finally {
      t.setNow(undefined);
    }
  });
});
