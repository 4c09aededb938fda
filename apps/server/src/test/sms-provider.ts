import { createServer, type IncomingHttpHeaders } from 'node:http';

interface ReceivedSms {
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface TestSmsProvider {
  /** SMS_* variables pointing at this server. */
  env: Record<string, string>;
  messages: ReceivedSms[];
  /** Numbers (E.164, as `To`) the provider refuses with a 400, as Twilio does for a bad number. */
  refused: Set<string>;
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

/** A local HTTP server shaped like Twilio's Messages endpoint that keeps what it receives. */
export async function startTestSmsProvider(): Promise<TestSmsProvider> {
  const messages: ReceivedSms[] = [];
  const refused = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      response.setHeader('content-type', 'application/json');
      if (refused.has(form.To ?? '')) {
        response.statusCode = 400;
        response.end(JSON.stringify({ code: 21211, message: `The 'To' number ${form.To} is not valid.` }));
        return;
      }
      messages.push({ path: request.url ?? '', headers: request.headers, form });
      response.statusCode = 201;
      response.end(JSON.stringify({ sid: `SM${messages.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    env: {
      SMS_API_URL: `http://127.0.0.1:${port}/2010-04-01`,
      SMS_ACCOUNT_SID: 'AC0123456789',
      SMS_AUTH_TOKEN: 'sms-secret-token',
      SMS_FROM: '+15550000000',
    },
    messages,
    refused,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find((message) => message.form.To === to);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no SMS to ${to} within ${timeoutMs} ms`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
