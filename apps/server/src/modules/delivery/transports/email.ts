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
