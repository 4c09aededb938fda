import { randomUUID } from 'node:crypto';
import {
  addPeriod,
  type ContactMethod,
  fillPropertyTokens,
  formatPropertyValue,
  propertyTokenValues,
  publishBeforeSendingMessage,
  type SurveyDefinition,
  type SurveyPropertyValues,
  surveySettingsSchema,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import {
  type NewOutboxMessage,
  renderSurveyEmail,
  renderSurveySms,
  unsubscribeOf,
} from '../delivery/delivery.service.js';
import { type ListLookup, loadListLookup } from '../lists/list-lookup.service.js';
import { findLogoUrl } from '../logo/logo.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import {
  findSurveyVersion,
  listIdsOf,
  loadVersionDefinition,
} from '../templates/template-versions.service.js';
import { findWorkspaceName } from '../workspaces/workspaces.service.js';
import { firstQuestionLinks, surveyLink } from './survey-links.service.js';
import type { NewSurveyRow } from './surveys.repository.js';

const templateNotFoundMessage = 'Survey template not found';

/** Everything needed to send surveys of one version, read once (a bulk send reuses it per row). */
export interface SendingContext {
  actor: WorkspaceActor;
  templateId: string;
  templateName: string;
  versionId: string;
  definition: SurveyDefinition;
  expiration: { duration: number; period: 'hours' | 'days' | 'weeks' | 'months' };
  workspaceName: string;
  logoUrl: string | null;
  lists: ListLookup;
  /** The workspace's default country for phone numbers (decision 021). */
  phoneCountry: string;
}

/**
 * The version to send: the workspace's own (404 otherwise) and PUBLISHED (409 otherwise:
 * docs/product-rules.md#sending-surveys sends surveys from published versions only).
 */
export async function loadSendingContext(
  ctx: AppContext,
  actor: WorkspaceActor,
  versionId: string,
): Promise<SendingContext> {
  const found = await findSurveyVersion(ctx.db, versionId);
  if (!found || found.template.workspaceId !== actor.workspaceId) throw notFound(templateNotFoundMessage);
  if (found.version.state !== 'PUBLISHED') throw conflict(publishBeforeSendingMessage);
  const definition = await loadVersionDefinition(ctx.db, versionId);
  const settings = surveySettingsSchema.parse(found.version.settings);
  const [workspaceName, logoUrl, lists, phoneCountry] = await Promise.all([
    findWorkspaceName(ctx.db, actor.workspaceId),
    findLogoUrl(ctx, actor.customerId, { absolute: true }),
    loadListLookup(ctx.db, actor.workspaceId, listIdsOf(definition, 'properties')),
    loadPhoneCountry(ctx.db, actor.workspaceId),
  ]);
  return {
    actor,
    templateId: found.template.id,
    templateName: found.template.name,
    versionId,
    definition,
    expiration: settings.expiration,
    workspaceName,
    logoUrl,
    lists,
    phoneCountry,
  };
}

export interface PreparedSurvey {
  survey: NewSurveyRow & { id: string };
  messages: NewOutboxMessage[];
}

/**
 * A survey row and its invitations (one outbox message per contact method), ready to insert in
 * one transaction. The id is generated here (a random UUID: the unguessable link) so the
 * messages can carry the link.
 */
export function prepareSurvey(
  ctx: AppContext,
  sending: SendingContext,
  contactMethods: ContactMethod[],
  properties: SurveyPropertyValues,
  now: Date,
): PreparedSurvey {
  const id = randomUUID();
  const expiresAt = addPeriod(now, sending.expiration.duration, sending.expiration.period);
  const link = surveyLink(ctx, id);
  const openingText = fillPropertyTokens(
    sending.definition.openingText,
    propertyTokenValues(sending.definition, properties, sending.lists.labelOf),
  );
  const firstQuestion = firstQuestionLinks(ctx, id, sending.definition);
  const common = { workspaceId: sending.actor.workspaceId, surveyId: id, purpose: 'survey-invitation' };
  const messages = contactMethods.map((method): NewOutboxMessage => {
    if (method.contactMethodType === 'phone') {
      return {
        ...common,
        channel: 'sms',
        recipient: method.phoneNumber,
        textBody: renderSurveySms({
          workspaceName: sending.workspaceName,
          templateName: sending.templateName,
          link,
        }),
      };
    }
    // Every survey e-mail can stop every message of the workspace to this address.
    const unsubscribe = unsubscribeOf(ctx, sending.actor.workspaceId, method.emailAddress);
    const email = renderSurveyEmail({
      workspaceName: sending.workspaceName,
      templateName: sending.templateName,
      openingText,
      link,
      expiresAt: formatPropertyValue('DateTime', expiresAt.toISOString()),
      logoUrl: sending.logoUrl,
      unsubscribeUrl: unsubscribe.url,
      firstQuestion,
    });
    return {
      ...common,
      channel: 'email',
      recipient: method.emailAddress,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      headers: unsubscribe.headers,
    };
  });
  return {
    survey: {
      id,
      workspaceId: sending.actor.workspaceId,
      templateId: sending.templateId,
      templateVersionId: sending.versionId,
      state: 'SENT',
      contactMethods,
      properties,
      responses: {},
      sentAt: now,
      expiresAt,
      createdByAccountId: sending.actor.accountId ?? null,
      createdAt: now,
      updatedAt: now,
    },
    messages,
  };
}
