import type { AppContext } from '../../context.js';
import { oncePer } from '../../once-per.js';
import type { ClaimedMessage, OutboxMessage } from './outbox.repository.js';
import { checkWebhookUrl, postToWebhook } from './transports/slack.js';
import { createSmsTransport, type SmsTransport } from './transports/sms.js';

// The three ways a message leaves: e-mail, SMS and Slack, each configured or not.

/** The SMS adapter for a configuration (stateless: built once per configuration). */
const smsTransportOfConfig = oncePer((config: AppContext['config']) => createSmsTransport(config.sms));

function smsTransportOf(ctx: AppContext): SmsTransport {
  return smsTransportOfConfig(ctx.config);
}

export interface Channel {
  noun: string;
  isConfigured: boolean;
  notConfigured: { log: string; lastError: string };
  /**
   * Sends or throws. `handOver` is awaited just before the message's last part leaves (an e-mail's
   * closing dot, an SMS or Slack request); when it throws, nothing may leave.
   */
  send(claimed: ClaimedMessage, handOver: () => Promise<void>): Promise<void>;
}

const noSlackWebhookMessage = 'Not sent: the workspace has no Slack webhook any more.';

/** The webhook is read when the message is claimed, so a changed or removed one is honoured. */
async function sendToSlack(
  ctx: AppContext,
  claimed: ClaimedMessage,
  handOver: () => Promise<void>,
): Promise<void> {
  if (!claimed.slackWebhookUrl) throw new SkipDelivery(noSlackWebhookMessage);
  // Checked again at each send: the host may resolve elsewhere than when it was saved.
  const checked = await checkWebhookUrl(claimed.slackWebhookUrl, ctx.config.slackAllowedPrivateHosts);
  await handOver();
  await postToWebhook(checked, { text: claimed.message.textBody });
}

/** Thrown by a channel when a message must not leave at all; it ends as skipped, with the reason. */
export class SkipDelivery extends Error {}

export function channelOf(ctx: AppContext, channel: OutboxMessage['channel']): Channel {
  if (channel === 'email') {
    return {
      noun: 'e-mail',
      isConfigured: ctx.email.isConfigured,
      notConfigured: {
        log: 'e-mail kept in the outbox_messages table (no SMTP_URL is configured): pass its link on, it is personal',
        lastError:
          'No e-mail server is configured (SMTP_URL); the message waits in the outbox_messages table.',
      },
      send: ({ message: row, workspaceName }, handOver) =>
        ctx.email.send({
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          // A survey invitation comes from the workspace that sends it (decision 005).
          fromName: row.surveyId && workspaceName ? workspaceName : undefined,
          headers: row.headers,
          attachments: row.attachments,
          beforeEnd: handOver,
        }),
    };
  }
  if (channel === 'sms') {
    const sms = smsTransportOf(ctx);
    return {
      noun: 'SMS',
      isConfigured: sms.isConfigured,
      notConfigured: {
        log: 'SMS kept in the outbox_messages table (no SMS provider is configured, SMS_*)',
        lastError: 'No SMS provider is configured (SMS_*); the message waits in the outbox_messages table.',
      },
      send: async ({ message: row }, handOver) => {
        await handOver();
        await sms.send({ to: row.recipient, body: row.textBody });
      },
    };
  }
  return {
    noun: 'Slack message',
    isConfigured: true,
    notConfigured: { log: '', lastError: '' },
    send: (claimed, handOver) => sendToSlack(ctx, claimed, handOver),
  };
}

const allChannels: OutboxMessage['channel'][] = ['email', 'sms', 'slack'];

export function configuredChannels(ctx: AppContext): OutboxMessage['channel'][] {
  return allChannels.filter((channel) => channelOf(ctx, channel).isConfigured);
}
