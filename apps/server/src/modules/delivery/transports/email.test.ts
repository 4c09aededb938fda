import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailTransport, type EmailTransport } from './email.js';

// The hand-over (decision 050): `beforeEnd` runs while the SMTP server is reading the message and
// before the closing dot, so a message it rejects can never be accepted.

interface Server {
  url: string;
  /** Messages whose DATA began (the server said 354). */
  begun: number;
  /** Messages the server accepted (the closing dot arrived). */
  accepted: string[];
  close(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const state = { begun: 0, accepted: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      state.begun += 1;
      stream.resume();
      stream.on('end', () => {
        state.accepted.push(session.envelope.rcptTo[0]?.address ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get begun() {
      return state.begun;
    },
    accepted: state.accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = (to: string) => ({
  to,
  subject: 'Hello',
  text: 'A message long enough to be more than one line.\n'.repeat(50),
  html: '<p>Hello</p>',
});

describe('e-mail hand-over', () => {
  let server: Server;
  let transport: EmailTransport;
  beforeAll(async () => {
    server = await startServer();
    transport = createEmailTransport(server.url, 'Graphium <noreply@graphium.test>');
  });
  afterAll(async () => {
    transport.close();
    await server.close();
  });

  it('hands over once the server reads the message and before it can accept it', async () => {
    const seen: { begun: number; accepted: number }[] = [];
    await transport.send({
      ...message('first@example.com'),
      beforeEnd: async () => {
        seen.push({ begun: server.begun, accepted: server.accepted.length });
      },
    });
    expect(seen).toEqual([{ begun: 1, accepted: 0 }]);
    expect(server.accepted).toEqual(['first@example.com']);
  });

  it('sends nothing when the hand-over fails, and the next message still leaves', async () => {
    await expect(
      transport.send({
        ...message('refused@example.com'),
        beforeEnd: async () => {
          throw new Error('the claim lapsed');
        },
      }),
    ).rejects.toThrow(/the claim lapsed/);
    await transport.send(message('after@example.com'));
    // The server had begun the refused message's DATA, but never got its end.
    expect(server.begun).toBe(3);
    expect(server.accepted).toEqual(['first@example.com', 'after@example.com']);
  });
});
