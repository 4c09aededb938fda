import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { webhookVerificationSnippet } from '@graphium/shared';
import { transformSync } from 'esbuild';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedWebhookHeaders, webhookMessageId } from './webhook-signature.js';

const body = '{"type":"survey.completed","timestamp":"2026-11-26T09:30:00.000Z","data":{"surveyId":"s"}}';
const id = webhookMessageId('6f1c1e0e-8a5b-4c55-a2c1-f1f2a3b4c5d6');

type Verify = (body: string, headers: Record<string, string>, now?: number) => { type: string };

/** The page's snippet, compiled as a receiver would, with `secret` in its environment variable. */
async function snippetWith(secret: string): Promise<Verify> {
  const directory = mkdtempSync(join(tmpdir(), 'graphium-snippet-'));
  const file = join(directory, 'verify.mjs');
  writeFileSync(file, transformSync(webhookVerificationSnippet, { loader: 'ts', format: 'esm' }).code);
  process.env.GRAPHIUM_WEBHOOK_SECRET = secret;
  try {
    return ((await import(pathToFileURL(file).href)) as { verifyGraphiumWebhook: Verify })
      .verifyGraphiumWebhook;
  } finally {
    delete process.env.GRAPHIUM_WEBHOOK_SECRET;
  }
}

describe('webhook signatures', () => {
  it('verify with an independent Standard Webhooks implementation', () => {
    const secret = newWebhookSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signedWebhookHeaders([secret], id, timestamp, body);
    expect(headers['webhook-id']).toBe('msg_6f1c1e0e8a5b4c55a2c1f1f2a3b4c5d6');
    expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new StandardWebhook(secret).verify(body.replace('"s"', '"t"'), headers)).toThrow();
    expect(() => new StandardWebhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("verify with the verification page's snippet, which refuses a changed body, another secret and a stale timestamp", async () => {
    const secret = newWebhookSecret();
    const verify = await snippetWith(secret);
    const now = Date.now();
    const headers = signedWebhookHeaders([secret], id, Math.floor(now / 1000), body);
    expect(verify(body, headers, now).type).toBe('survey.completed');
    expect(() => verify(body.replace('"s"', '"t"'), headers, now)).toThrow('Invalid webhook signature');
    const other = signedWebhookHeaders([newWebhookSecret()], id, Math.floor(now / 1000), body);
    expect(() => verify(body, other, now)).toThrow('Invalid webhook signature');
    expect(() => verify(body, headers, now + 6 * 60_000)).toThrow('Stale webhook timestamp');
    expect(() => verify(body, { ...headers, 'webhook-id': '' }, now)).toThrow('Missing webhook headers');
  });

  it('carries one signature per secret while a rotated-out one still signs: either secret verifies', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = Date.now();
    const headers = signedWebhookHeaders([current, previous], id, Math.floor(now / 1000), body);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    for (const secret of [current, previous]) {
      expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
      expect((await snippetWith(secret))(body, headers, now).type).toBe('survey.completed');
    }
    expect(() => new StandardWebhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
