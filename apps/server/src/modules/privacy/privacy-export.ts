import { neutralizeSpreadsheetCell } from '@graphium/shared';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { countsOf, findRespondentHoldings, type RespondentHoldings } from './privacy.service.js';

// The access request's bundle (docs/decisions/043-erasure-and-access-requests.md): everything the
// workspace holds about one respondent, from the same search as erasure, as one JSON document or
// as a zip of CSV files (one per kind). Exporting is recorded in the audit log by counts.

type Bundle = Awaited<ReturnType<typeof bundleOf>>;

async function bundleOf(ctx: AppContext, holdings: RespondentHoldings, generatedAt: Date) {
  const surveys = [];
  for (const survey of holdings.surveys) {
    const definition = await loadVersionDefinition(ctx.db, survey.templateVersionId);
    const propertyLabel = new Map(definition.properties.map((property) => [property.id, property.label]));
    const question = new Map(definition.questions.map((item) => [item.id, item]));
    surveys.push({
      surveyId: survey.id,
      surveyTemplateName: survey.templateName,
      surveyTemplateVersionId: survey.templateVersionId,
      surveyState: survey.state,
      sentAt: survey.sentAt.toISOString(),
      firstOpenedAt: survey.firstOpenedAt?.toISOString() ?? null,
      completedAt: survey.completedAt?.toISOString() ?? null,
      language: survey.language,
      compositePercentage: survey.compositePercentage,
      contactMethods: survey.contactMethods,
      properties: Object.entries(survey.properties).map(([propertyId, value]) => ({
        propertyId,
        label: propertyLabel.get(propertyId) ?? propertyId,
        value,
      })),
      answers: Object.entries(survey.responses).map(([questionId, answer]) => ({
        questionId,
        label: question.get(questionId)?.label ?? questionId,
        question: question.get(questionId)?.question ?? '',
        answer,
      })),
    });
  }
  return {
    generatedAt: generatedAt.toISOString(),
    addresses: holdings.addresses,
    counts: countsOf(holdings),
    surveys,
    contacts: holdings.contacts.map((contact) => ({
      contactId: contact.id,
      emailAddress: contact.emailAddress,
      phoneNumber: contact.phoneNumber,
      name: contact.name,
      attributes: contact.attributes,
      lastSurveyedAt: contact.lastSurveyedAt?.toISOString() ?? null,
      createdAt: contact.createdAt.toISOString(),
    })),
    messages: holdings.messages.map((message) => ({
      messageId: message.id,
      surveyId: message.surveyId,
      channel: message.channel,
      purpose: message.purpose,
      recipient: message.recipient,
      subject: message.subject,
      textBody: message.textBody,
      status: message.status,
      sentAt: message.sentAt?.toISOString() ?? null,
      createdAt: message.createdAt.toISOString(),
    })),
    suppressions: holdings.suppressions.map((suppression) => ({
      contact: suppression.contact,
      contactType: suppression.contactType,
      reason: suppression.reason,
      createdAt: suppression.createdAt.toISOString(),
    })),
  };
}

const text = (value: unknown): string =>
  neutralizeSpreadsheetCell(
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value),
  );

const csvOf = (header: string[], rows: unknown[][]) =>
  stringify([header, ...rows.map((row) => row.map(text))], { bom: true });

/** The bundle as CSV files, one per kind, each with a header row. */
function csvFilesOf(bundle: Bundle): Record<string, string> {
  return {
    'surveys.csv': csvOf(
      [
        'Survey id',
        'Template',
        'State',
        'Sent at',
        'First opened at',
        'Completed at',
        'Language',
        'Composite %',
        'Contact methods',
      ],
      bundle.surveys.map((survey) => [
        survey.surveyId,
        survey.surveyTemplateName,
        survey.surveyState,
        survey.sentAt,
        survey.firstOpenedAt,
        survey.completedAt,
        survey.language,
        survey.compositePercentage,
        survey.contactMethods
          .map((method) => (method.contactMethodType === 'email' ? method.emailAddress : method.phoneNumber))
          .join('; '),
      ]),
    ),
    'answers.csv': csvOf(
      ['Survey id', 'Question id', 'Label', 'Question', 'Answer'],
      bundle.surveys.flatMap((survey) =>
        survey.answers.map((answer) => [
          survey.surveyId,
          answer.questionId,
          answer.label,
          answer.question,
          answer.answer,
        ]),
      ),
    ),
    'properties.csv': csvOf(
      ['Survey id', 'Property id', 'Label', 'Value'],
      bundle.surveys.flatMap((survey) =>
        survey.properties.map((property) => [
          survey.surveyId,
          property.propertyId,
          property.label,
          property.value,
        ]),
      ),
    ),
    'contacts.csv': csvOf(
      [
        'Contact id',
        'E-mail address',
        'Phone number',
        'Name',
        'Attributes',
        'Last surveyed at',
        'Created at',
      ],
      bundle.contacts.map((contact) => [
        contact.contactId,
        contact.emailAddress,
        contact.phoneNumber,
        contact.name,
        contact.attributes,
        contact.lastSurveyedAt,
        contact.createdAt,
      ]),
    ),
    'messages.csv': csvOf(
      [
        'Message id',
        'Survey id',
        'Channel',
        'Purpose',
        'Recipient',
        'Subject',
        'Text',
        'Status',
        'Sent at',
        'Created at',
      ],
      bundle.messages.map((message) => [
        message.messageId,
        message.surveyId,
        message.channel,
        message.purpose,
        message.recipient,
        message.subject,
        message.textBody,
        message.status,
        message.sentAt,
        message.createdAt,
      ]),
    ),
    'suppressions.csv': csvOf(
      ['Contact', 'Type', 'Reason', 'Created at'],
      bundle.suppressions.map((row) => [row.contact, row.contactType, row.reason, row.createdAt]),
    ),
  };
}

/**
 * `GET /privacy/respondent/export`: the respondent's bundle as a JSON document or a zip of CSV
 * files, the export recorded in the audit log (counts only).
 */
export async function exportRespondent(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: { contact: string; format: 'json' | 'csv' },
): Promise<{ filename: string; contentType: string; body: Buffer }> {
  const holdings = await findRespondentHoldings(ctx, actor, query.contact);
  const now = ctx.now();
  const bundle = await bundleOf(ctx, holdings, now);
  await ctx.db.transaction((tx) =>
    recordAudit(
      ctx,
      tx,
      actor,
      'respondent.exported',
      { type: 'respondent', label: 'Access request' },
      { format: query.format, ...bundle.counts },
    ),
  );
  const stamp = now.toISOString().slice(0, 10);
  if (query.format === 'json') {
    return {
      filename: `access-request-${stamp}.json`,
      contentType: 'application/json; charset=utf-8',
      body: Buffer.from(JSON.stringify(bundle, null, 2)),
    };
  }
  const files = Object.fromEntries(
    Object.entries(csvFilesOf(bundle)).map(([name, content]) => [name, strToU8(content)]),
  );
  return {
    filename: `access-request-${stamp}.zip`,
    contentType: 'application/zip',
    body: Buffer.from(zipSync(files, { mtime: now })),
  };
}
