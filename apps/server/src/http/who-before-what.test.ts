import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = { security?: unknown[] };

/** Every operation of the OpenAPI document that is not public, with its path's parameters filled. */
async function protectedOperations() {
  const document = (await t.client().get('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => !(Array.isArray(operation.security) && operation.security.length === 0))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
        url: `/api${path.replace(/^\/api/, '')}`.replace(/\{\w+\}/g, randomUUID()),
        operation,
      })),
  );
}

describe('who is asking, before what is asked', () => {
  it('answers 401 to every protected operation without a session or key, whatever the body', async () => {
    const operations = await protectedOperations();
    expect(operations.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const { method, url } of operations) {
      // A browser with the anti-forgery token but no session; the body is wrong on purpose.
      const response = await t.client().request(method, url, method === 'GET' ? undefined : { wrong: true });
      answers.push(`${method} ${url.replace(/[0-9a-f-]{36}/g, '{id}')} ${response.statusCode}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });

  it('answers 403 to every protected change without the anti-forgery header, before reading the body', async () => {
    const operations = (await protectedOperations()).filter(({ method }) => method !== 'GET');
    const answers: string[] = [];
    for (const { method, url } of operations) {
      const response = await t.client().request(method, url, { wrong: true }, { withoutXsrf: true });
      answers.push(`${method} ${url.replace(/[0-9a-f-]{36}/g, '{id}')} ${response.statusCode}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 403'))).toEqual([]);
  });
});
