import { createHmac, timingSafeEqual } from 'node:crypto';
import { maskContact, storedPhoneFormsOf } from '@graphium/shared';
import type { AppContext } from '../../context.js';
import { findWorkspacesThatTexted } from '../surveys/surveys.service.js';
import { dispatchWebhookDeliveries } from '../webhooks/webhooks.service.js';
import { deleteSuppressionsByReason, insertSuppressions } from './suppression.repository.js';
import { recordUnsubscribed } from './suppression.service.js';

// Replies to the "Reply STOP to opt out." of every survey SMS (decision 008). The installation's SMS
// number is shared by all workspaces, so STOP stops every workspace that texted the number.

export const smsStopReply =
  'You are unsubscribed and will receive no more messages. Reply START to resubscribe.';
export const smsStartReply = 'You are resubscribed.';
export const smsHelpReply = 'Survey messages. Reply STOP to opt out, START to resubscribe.';

type SmsAction = 'stop' | 'start' | 'help';

const keywordActions = new Map<string, SmsAction>([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].map((word) => [word, 'stop'] as const),
  ...['START', 'UNSTOP', 'YES'].map((word) => [word, 'start'] as const),
  ...['HELP', 'INFO'].map((word) => [word, 'help'] as const),
]);

/** The keyword a message is (the whole body, trimmed, any case), or undefined. */
export function readSmsKeyword(body: string): { keyword: string; action: SmsAction } | undefined {
  const keyword = body.trim().toUpperCase();
  const action = keywordActions.get(keyword);
  return action ? { keyword, action } : undefined;
}

/**
 * The stored forms of a sender's number: E.164 (decision 021), its digits, and for +1 also the
 * ten digits of rows written as US numbers (texted as +1…, see `phoneToE164`).
 */
export function storedPhoneForms(from: string): string[] {
  return storedPhoneFormsOf(from);
}

/**
 * Twilio's request signature: base64 HMAC-SHA1 with the auth token over the full URL the provider
 * called followed by each POST parameter, sorted by name, as name then value.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => `${text}${name}${params[name]}`, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * `POST /sms/inbound` once its signature is checked: STOP suppresses the number (reason
 * 'unsubscribed') in each workspace that sent it a survey; START lifts those entries (never the
 * ones staff added); HELP answers. Anything else is ignored. Idempotent. Answers the reply text.
 */
export async function handleInboundSms(
  ctx: AppContext,
  message: { from: string; body: string; messageSid?: string },
): Promise<string | undefined> {
  const read = readSmsKeyword(message.body);
  if (!read) {
    ctx.log.debug({ messageSid: message.messageSid }, 'inbound SMS ignored: no keyword');
    return undefined;
  }
  const phones = storedPhoneForms(message.from);
  const logFields = {
    keyword: read.keyword,
    from: phones[0] ? maskContact(phones[0]) : undefined,
    messageSid: message.messageSid,
  };
  if (read.action === 'help') {
    ctx.log.info(logFields, 'inbound SMS: help');
    return smsHelpReply;
  }
  if (phones.length === 0) {
    ctx.log.warn(logFields, 'inbound SMS keyword ignored: the sender is not a phone number');
    return undefined;
  }
  if (read.action === 'stop') {
    const now = ctx.now();
    const { workspaces, added, webhookDeliveryIds } = await ctx.db.transaction(async (tx) => {
      const texted = await findWorkspacesThatTexted(tx, phones);
      const inserted = await insertSuppressions(
        tx,
        texted.map(({ workspaceId, phoneNumber }) => ({
          workspaceId,
          contact: phoneNumber,
          contactType: 'phone' as const,
          reason: 'unsubscribed' as const,
          createdAt: now,
        })),
      );
      return {
        workspaces: new Set(texted.map((row) => row.workspaceId)).size,
        added: inserted.length,
        webhookDeliveryIds: await recordUnsubscribed(ctx, tx, inserted, 'sms-stop'),
      };
    });
    dispatchWebhookDeliveries(ctx, webhookDeliveryIds);
    ctx.log.info({ ...logFields, workspaces, added }, 'inbound SMS: contact opted out');
    return smsStopReply;
  }
  const removed = await deleteSuppressionsByReason(ctx.db, phones, 'unsubscribed');
  ctx.log.info({ ...logFields, removed }, 'inbound SMS: contact opted back in');
  return smsStartReply;
}

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** TwiML answering with one message, or with nothing. */
export function toTwiml(reply: string | undefined): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  if (reply === undefined) return `${head}<Response/>`;
  return `${head}<Response><Message>${reply.replace(/[&<>"']/g, (char) => xmlEscapes[char]!)}</Message></Response>`;
}
