import { PassThrough, type Readable } from 'node:stream';
import nodemailer from 'nodemailer';

interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The sender's display name (a workspace name); the address stays MAIL_FROM's. */
  fromName?: string | undefined;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on survey e-mails). */
  headers?: Record<string, string> | null | undefined;
  /** Inline images referenced from the HTML as `cid:…` (a digest's chart). */
  attachments?: EmailAttachment[] | null | undefined;
  /**
   * Called once the server has taken the message's content and before its end (the closing
   * dot): the moment from which the server may accept it. A rejection aborts the send: the
   * connection closes mid-message and the server discards it (decision 050).
   */
  beforeEnd?: (() => Promise<void>) | undefined;
}

interface EmailAttachment {
  filename: string;
  contentType: string;
  cid: string;
  contentBase64: string;
}

/** Sends one e-mail or throws; implementations: SMTP (nodemailer) and none (outbox + log). */
export interface EmailTransport {
  readonly isConfigured: boolean;
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

export function createEmailTransport(smtpUrl: string | undefined, from: string): EmailTransport {
  if (!smtpUrl) {
    return {
      isConfigured: false,
      async send() {
        throw new Error('No e-mail server is configured (SMTP_URL)');
      },
      close() {},
    };
  }
  // A pool keeps SMTP connections open between messages: a bulk send of thousands of surveys
  // would otherwise pay a connection and greeting for each one.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 16,
    maxMessages: 1000,
    // A server that does not answer fails the attempt in seconds (it is retried), not minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  transporter.use('stream', (mail, done) => {
    const { beforeEnd } = mail.data as { beforeEnd?: () => Promise<void> };
    if (beforeEnd) {
      const message = mail.message;
      const createReadStream = message.createReadStream.bind(message);
      message.createReadStream = (options) => holdEnd(createReadStream(options), beforeEnd);
    }
    done();
  });
  const fromAddress = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return {
    isConfigured: true,
    async send(message) {
      await transporter.sendMail({
        from: message.fromName ? { name: message.fromName, address: fromAddress } : from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers ?? undefined,
        // Read by the 'stream' step above, not by nodemailer.
        ...(message.beforeEnd ? { beforeEnd: message.beforeEnd } : {}),
        attachments: message.attachments?.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          cid: attachment.cid,
          content: attachment.contentBase64,
          encoding: 'base64',
          contentDisposition: 'inline' as const,
        })),
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Passes the message through, holding back its end until the SMTP connection reads it (the server
 * said 354 to DATA: nodemailer pipes the message only then) and `beforeEnd` has resolved. The
 * closing dot is written when the message ends, so nothing can be accepted before `beforeEnd`;
 * when it rejects, the stream fails and nodemailer closes the connection without the dot.
 */
function holdEnd(source: Readable, beforeEnd: () => Promise<void>): Readable {
  const held = new PassThrough();
  let isRead = false;
  let isSourceDone = false;
  let isEnding = false;
  const end = () => {
    if (!isRead || !isSourceDone || isEnding) return;
    isEnding = true;
    beforeEnd().then(
      () => held.end(),
      (error: unknown) => held.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  };
  held.once('resume', () => {
    isRead = true;
    end();
  });
  source.once('end', () => {
    isSourceDone = true;
    end();
  });
  source.once('error', (error) => held.destroy(error));
  source.pipe(held, { end: false });
  return held;
}
