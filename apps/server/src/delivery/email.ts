import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
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
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    isConfigured: true,
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      });
    },
    close() {
      transporter.close();
    },
  };
}
