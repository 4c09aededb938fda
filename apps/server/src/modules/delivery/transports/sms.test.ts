import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmsProvider, type TestSmsProvider } from '../../../test/sms-provider.js';
import { isPermanentFailure } from '../failures.js';
import { createSmsTransport, toE164 } from './sms.js';

let provider: TestSmsProvider;
beforeAll(async () => {
  provider = await startTestSmsProvider();
});
afterAll(() => provider.close());

function configured() {
  return createSmsTransport({
    apiUrl: provider.env.SMS_API_URL!,
    accountSid: provider.env.SMS_ACCOUNT_SID!,
    authToken: provider.env.SMS_AUTH_TOKEN!,
    from: provider.env.SMS_FROM!,
  });
}

describe('the SMS adapter (Twilio REST shape)', () => {
  it('posts To, From and Body as a form with basic authentication', async () => {
    await configured().send({ to: '5551234567', body: 'Hello https://graphium.test/survey/x' });
    const received = await provider.waitFor('+15551234567');
    expect(received.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(received.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:sms-secret-token').toString('base64')}`,
    );
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received.form).toEqual({
      To: '+15551234567',
      From: '+15550000000',
      Body: 'Hello https://graphium.test/survey/x',
    });
  });

  it("throws with the provider's message when it refuses", async () => {
    provider.refused.add('+447700900123');
    await expect(configured().send({ to: '447700900123', body: 'Hi' })).rejects.toThrow(
      "The SMS provider answered 400: The 'To' number +447700900123 is not valid.",
    );
  });

  it('is not configured without SMS_* and then refuses to send', async () => {
    const none = createSmsTransport(undefined);
    expect(none.isConfigured).toBe(false);
    await expect(none.send({ to: '5551234567', body: 'x' })).rejects.toThrow(/No SMS provider/);
  });

  it('writes ten digits as a US number and longer ones with their country code', () => {
    expect(toE164('5551234567')).toBe('+15551234567');
    expect(toE164('15551234567')).toBe('+15551234567');
    expect(toE164('447700900123')).toBe('+447700900123');
  });
});

describe('a provider that does not answer', () => {
  it('fails the attempt after the timeout as a transient failure, so the job is retried', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const transport = createSmsTransport(
      { apiUrl: `http://127.0.0.1:${port}`, accountSid: 'AC1', authToken: 't', from: '+15550000000' },
      fetch,
      300,
    );
    const error = await transport
      .send({ to: '5551234567', body: 'Hello' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('TimeoutError');
    expect(isPermanentFailure(error)).toBe(false);
    silent.closeAllConnections();
    silent.close();
  });
});
