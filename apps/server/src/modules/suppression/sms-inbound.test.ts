import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmsProvider, type TestSmsProvider } from '../../test/sms-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';
import { everyQuestion, publishTemplate } from '../surveys/test-fixtures.js';
import { withoutFatigueRule } from '../surveys/test-sending-fixtures.js';
import {
  isValidTwilioSignature,
  readSmsKeyword,
  smsHelpReply,
  smsStartReply,
  smsStopReply,
  storedPhoneForms,
  toTwiml,
  twilioSignature,
} from './sms-inbound.service.js';

let t: TestApp;
let sms: TestSmsProvider;
const logLines: string[] = [];
beforeAll(async () => {
  sms = await startTestSmsProvider();
  // No worker: an invitation's status stays as sending wrote it (queued, or skipped).
  t = await createTestApp({ env: sms.env, logLines });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

const webhookUrl = 'http://graphium.test/api/sms/inbound';
const authToken = () => sms.env.SMS_AUTH_TOKEN!;

let sequence = 0;
/** Ten digits, unique within the run. */
function uniquePhone() {
  sequence += 1;
  return `77${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence % 100).padStart(2, '0')}`;
}

function inbound(
  app: TestApp,
  params: Record<string, string>,
  options: { signature?: string | null; signedParams?: Record<string, string>; token?: string } = {},
) {
  const signature =
    options.signature === undefined
      ? twilioSignature(options.token ?? authToken(), webhookUrl, options.signedParams ?? params)
      : options.signature;
  return app.app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

/** Twilio's inbound-message form, from this ten-digit number (texted as +1…). */
function reply(phone: string, body: string): Record<string, string> {
  return {
    ToCountry: 'US',
    SmsMessageSid: `SM${randomUUID().replaceAll('-', '')}`,
    NumMedia: '0',
    Body: body,
    To: sms.env.SMS_FROM!,
    From: `+1${phone}`,
    MessageSid: `SM${randomUUID().replaceAll('-', '')}`,
    AccountSid: sms.env.SMS_ACCOUNT_SID!,
    ApiVersion: '2010-04-01',
  };
}

interface Workspace {
  client: TestClient;
  versionId: string;
}

async function workspace(): Promise<Workspace> {
  const { client } = await signUpClient(t.client(), { businessName: 'Acme Tyres' });
  const template = await publishTemplate(client, { questions: [everyQuestion().nps] });
  // These tests text one number several times on purpose.
  await withoutFatigueRule(client);
  return { client, versionId: template.surveyTemplateVersionId };
}

/** Sends a survey by SMS; answers the invitation's delivery entry. */
async function text(from: Workspace, phone: string) {
  const response = await from.client.post('/api/surveys/', {
    surveyTemplateVersionId: from.versionId,
    surveyContactMethods: [{ contactMethodType: 'phone', phoneNumber: phone }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().delivery[0] as {
    channel: string;
    recipient: string;
    status: string;
    lastError: string;
  };
}

async function suppressionsOf(ws: Workspace) {
  const response = await ws.client.get('/api/workspace/suppressions');
  expect(response.statusCode).toBe(200);
  return response.json().suppressions as { contact: string; reason: string; contactType: string }[];
}

const twiml = (message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${message}</Message></Response>`;
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

describe('the signature and keyword rules', () => {
  it("matches Twilio's documented signature and refuses any change", () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(twilioSignature('12345', url, params)).toBe(signature);
    expect(isValidTwilioSignature('12345', url, params, signature)).toBe(true);
    expect(isValidTwilioSignature('12345', url, { ...params, Digits: '9' }, signature)).toBe(false);
    expect(isValidTwilioSignature('12345', `${url}&x=1`, params, signature)).toBe(false);
    expect(isValidTwilioSignature('54321', url, params, signature)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, signature.slice(1))).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, undefined)).toBe(false);
  });

  it('reads the keywords as the whole body, trimmed, in any case', () => {
    for (const word of ['STOP', ' stop ', 'StopAll', 'unsubscribe', 'CANCEL', 'end', 'Quit\n']) {
      expect(readSmsKeyword(word)?.action, word).toBe('stop');
    }
    for (const word of ['START', 'unstop', 'Yes']) expect(readSmsKeyword(word)?.action, word).toBe('start');
    for (const word of ['HELP', 'info']) expect(readSmsKeyword(word)?.action, word).toBe('help');
    for (const word of ['stop it', 'STOP.', 'no', '', 'please stop'])
      expect(readSmsKeyword(word), word).toBeUndefined();
    expect(storedPhoneForms('+15550102030')).toEqual(['+15550102030', '15550102030', '5550102030']);
    expect(storedPhoneForms('+447700900123')).toEqual(['+447700900123', '447700900123']);
    expect(storedPhoneForms('Acme')).toEqual([]);
    expect(toTwiml('A & <b>')).toBe(twiml('A &amp; &lt;b&gt;'));
  });
});

describe('POST /api/sms/inbound', () => {
  it('STOP suppresses the number in each workspace that texted it, not in others; the next send is skipped', async () => {
    const [first, second, other] = [await workspace(), await workspace(), await workspace()];
    const phone = uniquePhone();
    expect((await text(first, phone)).status).toBe('queued');
    expect((await text(second, phone)).status).toBe('queued');
    await text(other, uniquePhone());

    const secretWords = 'stop';
    const stop = await inbound(t, reply(phone, ` ${secretWords} `));
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe(twiml(smsStopReply));
    for (const ws of [first, second]) {
      expect(await suppressionsOf(ws)).toEqual([
        { contact: phone, contactType: 'phone', reason: 'unsubscribed', createdAt: expect.any(String) },
      ]);
    }
    expect(await suppressionsOf(other)).toEqual([]);

    // Idempotent: the same reply, nothing added.
    const again = await inbound(t, reply(phone, 'UNSUBSCRIBE'));
    expect(again.body).toBe(twiml(smsStopReply));
    expect(await suppressionsOf(first)).toHaveLength(1);

    expect(await text(first, phone)).toMatchObject({
      channel: 'sms',
      recipient: phone,
      status: 'skipped',
      lastError: expect.stringContaining('unsubscribed'),
    });
    const logged = logLines.filter((line) => line.includes('opted out'));
    expect(logged).toHaveLength(2);
    expect(JSON.parse(logged[0]!)).toMatchObject({ keyword: 'STOP', workspaces: 2, added: 2 });
    expect(logged[0]).not.toContain(phone);
  });

  it('STOP from an Australian number matches the E.164 number an Australian workspace stored (decision 021)', async () => {
    const australian = await workspace();
    const settings = await australian.client.request('PUT', '/api/workspace/notification-settings', {
      phoneCountry: 'AU',
    });
    expect(settings.statusCode).toBe(200);
    const rest = uniquePhone().slice(-6);
    const e164 = `+61412${rest}`;
    expect(await text(australian, `0412 ${rest.slice(0, 3)} ${rest.slice(3)}`)).toMatchObject({
      recipient: e164,
      status: 'queued',
    });
    const stop = await inbound(t, { ...reply('', 'STOP'), From: e164 });
    expect(stop.body).toBe(twiml(smsStopReply));
    expect(await suppressionsOf(australian)).toEqual([
      { contact: e164, contactType: 'phone', reason: 'unsubscribed', createdAt: expect.any(String) },
    ]);
    expect(await text(australian, e164)).toMatchObject({ recipient: e164, status: 'skipped' });
  });

  it('START lifts the opt-out but not an entry staff added', async () => {
    const [first, second] = [await workspace(), await workspace()];
    const phone = uniquePhone();
    await text(first, phone);
    await text(second, phone);
    const added = await second.client.post('/api/workspace/suppressions', { contact: phone });
    expect(added.statusCode).toBe(201);

    expect((await inbound(t, reply(phone, 'Cancel'))).body).toBe(twiml(smsStopReply));
    expect((await suppressionsOf(first)).map((entry) => entry.reason)).toEqual(['unsubscribed']);
    expect((await suppressionsOf(second)).map((entry) => entry.reason)).toEqual(['added-by-staff']);

    const start = await inbound(t, reply(phone, 'unstop'));
    expect(start.statusCode).toBe(200);
    expect(start.body).toBe(twiml(smsStartReply));
    expect(await suppressionsOf(first)).toEqual([]);
    expect(await suppressionsOf(second)).toEqual([
      expect.objectContaining({ contact: phone, reason: 'added-by-staff' }),
    ]);
    expect((await text(first, phone)).status).toBe('queued');
    expect((await text(second, phone)).status).toBe('skipped');
    // Idempotent.
    expect((await inbound(t, reply(phone, 'START'))).body).toBe(twiml(smsStartReply));
  });

  it('refuses a missing or bad signature (403) and changes nothing', async () => {
    const ws = await workspace();
    const phone = uniquePhone();
    await text(ws, phone);
    const params = reply(phone, 'STOP');
    const refusals = [
      await inbound(t, params, { signature: null }),
      await inbound(t, params, { signature: '' }),
      await inbound(t, params, { signature: 'bm90IGEgc2lnbmF0dXJl' }),
      await inbound(t, params, { token: 'another-token' }),
      // Signed for another text than the one sent.
      await inbound(t, params, { signedParams: { ...params, Body: 'HELP' } }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(
        'The request signature (X-Twilio-Signature) is missing or invalid.',
      );
    }
    expect(await suppressionsOf(ws)).toEqual([]);
    expect((await text(ws, phone)).status).toBe('queued');
  });

  it('answers HELP, ignores anything else, and takes only a form', async () => {
    const ws = await workspace();
    const phone = uniquePhone();
    await text(ws, phone);
    const help = await inbound(t, reply(phone, 'help'));
    expect(help.body).toBe(twiml(smsHelpReply));
    for (const body of ['Stop sending me these', 'thanks!', '']) {
      const ignored = await inbound(t, reply(phone, body));
      expect(ignored.statusCode).toBe(200);
      expect(ignored.body).toBe(emptyTwiml);
    }
    expect(await suppressionsOf(ws)).toEqual([]);
    expect(logLines.some((line) => line.includes('Stop sending me these'))).toBe(false);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'x-twilio-signature': twilioSignature(authToken(), webhookUrl, reply(phone, 'STOP')) },
      payload: reply(phone, 'STOP'),
    });
    expect(json.statusCode).toBe(415);
    expect(await suppressionsOf(ws)).toEqual([]);
  });

  it('is documented as a public form webhook answering TwiML', async () => {
    const document = (await t.client().get('/api/openapi.json')).json();
    const operation = document.paths['/api/sms/inbound'].post;
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(operation.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual([
      'From',
    ]);
  });

  it('answers 404 when no SMS provider is configured', async () => {
    const withoutSms = await createTestApp();
    try {
      const response = await inbound(withoutSms, reply(uniquePhone(), 'STOP'));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('SMS is not configured on this installation (SMS_*).');
    } finally {
      await withoutSms.close();
    }
  });
});
