import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestMailbox {
  url: string;
  messages: ParsedMail[];
  /** Addresses the server refuses at RCPT TO, with the SMTP code it answers (550, 451, …). */
  refusals: Map<string, number>;
  /** Waits for a message to the address (polling up to `timeoutMs`). */
  waitFor(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((value) => value.address?.toLowerCase() ?? ''));
}

/** A real SMTP server on a free port that keeps what it receives, parsed. */
export async function startTestMailbox(): Promise<TestMailbox> {
  const messages: ParsedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    onRcptTo(address, _session, callback) {
      const code = refusals.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`Mailbox ${address.address} refused`), { responseCode: code }));
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refusals,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find((mail) => recipients(mail).includes(to.toLowerCase()));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
