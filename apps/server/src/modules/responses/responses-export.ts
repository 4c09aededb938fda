import { Readable } from 'node:stream';
import {
  type ExportSurveyResponsesQuery,
  formatInstantInZone,
  formatPropertyValue,
  matrixRowValues,
  neutralizeSpreadsheetCell,
  responseStatusLabels,
  type SurveyQuestion,
  scoreSurvey,
  sentSourceLabel,
  spreadsheetSerialInZone,
  surveyStateStatus,
} from '@graphium/shared';
import { stringify } from 'csv-stringify';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadNotificationSettingsOf } from '../notifications/notifications.service.js';
import { loadVersionDefinition } from '../templates/template-versions.service.js';
import { findExportBatch } from './responses.repository.js';
import { criteriaConditions, loadTemplateContext, type TemplateContext } from './template-context.js';
import { streamXlsx, type XlsxCell } from './xlsx-writer.js';

/** Rows read per query: keyset batches keep memory flat however many surveys there are. */
const exportBatchSize = 2000;

/**
 * Cells are written as they are: an XLSX text cell is never read as a formula, and the CSV
 * writer neutralises text against formula injection (=, +, -, @, tab, CR first).
 */
const textCell = (value: string): string => value;

/**
 * The export's columns for a question: one, or one per statement for a matrix ("Label: statement",
 * decision 027).
 */
function questionHeaders(question: SurveyQuestion): string[] {
  if (question.type === 'Matrix') return question.rows.map((row) => `${question.label}: ${row.text}`);
  return [question.label];
}

/** The question's cells: a matrix's column positions by statement, else one answer cell. */
function questionCells(template: TemplateContext, question: SurveyQuestion, answer: unknown): XlsxCell[] {
  if (question.type === 'Matrix') {
    const values = new Map(matrixRowValues(question, answer).map((row) => [row.rowId, row.value]));
    return question.rows.map((row) => values.get(row.id) ?? null);
  }
  return [answerCell(template, question, answer)];
}

function answerCell(template: TemplateContext, question: SurveyQuestion, answer: unknown): XlsxCell {
  if (answer === undefined || answer === null) return null;
  if (question.type === 'Consent') return answer === true ? textCell('Yes') : null;
  if (question.type === 'Ranking' && Array.isArray(answer)) return textCell(answer.join(' > '));
  if (typeof answer === 'number') return answer;
  const listId = 'listId' in question ? question.listId : undefined;
  const label = (value: string) => (listId ? (template.lists.labelOf(listId, value) ?? value) : value);
  if (Array.isArray(answer)) return textCell(answer.map((value) => label(String(value))).join('; '));
  return textCell(label(String(answer)));
}

const roundedScore = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function headerOf(template: TemplateContext): string[] {
  return [
    'Email Addresses',
    'Phone Numbers',
    'Date Sent',
    'Last Opened',
    'Date Completed',
    'Status',
    // A public link's name or "Sent" (docs/decisions/024-public-links.md).
    'Source',
    'Composite Score',
    ...template.questions.flatMap(questionHeaders),
    ...visibleProperties(template).map((property) => property.label),
  ].map(textCell);
}

function visibleProperties(template: TemplateContext) {
  return template.definition.properties.filter((property) => property.visibleInReportsAndFiltering);
}

/** The rows of the export, batch by batch, newest sent first (the list's order). */
async function* exportRows(
  ctx: AppContext,
  template: TemplateContext,
  query: ExportSurveyResponsesQuery,
): AsyncGenerator<XlsxCell[]> {
  const conditions = criteriaConditions(template, {
    templateId: template.templateId,
    workspaceId: template.workspaceId,
    filters: query.filters?.filters ?? [],
    sentFrom: query.sentFrom,
    sentTo: query.sentTo,
  });
  const properties = visibleProperties(template);
  let after: { sentAt: string; id: string } | undefined;
  for (;;) {
    const batch = await findExportBatch(ctx.db, conditions, after, exportBatchSize);
    for (const row of batch) {
      let composite = row.compositePercentage;
      if (row.state !== 'COMPLETE') {
        const definition = await loadVersionDefinition(ctx.db, row.templateVersionId);
        composite = scoreSurvey(definition, row.responses).overallPercentage;
      }
      const emails = row.contactMethods.flatMap((method) =>
        method.contactMethodType === 'email' ? [method.emailAddress] : [],
      );
      const phones = row.contactMethods.flatMap((method) =>
        method.contactMethodType === 'phone' ? [method.phoneNumber] : [],
      );
      yield [
        textCell(emails.join('; ')),
        textCell(phones.join('; ')),
        row.sentAt,
        row.lastOpenedAt ?? null,
        row.completedAt ?? null,
        responseStatusLabels[surveyStateStatus(row.state)],
        textCell(row.sourceName ?? sentSourceLabel),
        roundedScore(composite),
        ...template.questions.flatMap((question) =>
          questionCells(
            template,
            question,
            Object.hasOwn(row.responses, question.id) ? row.responses[question.id] : undefined,
          ),
        ),
        ...properties.map((property) => {
          const value = row.properties[property.id];
          if (value === undefined) return null;
          const itemLabel =
            property.type === 'ListItem' && property.listId
              ? template.lists.labelOf(property.listId, String(value))
              : undefined;
          return textCell(formatPropertyValue(property.type, value, itemLabel));
        }),
      ];
    }
    if (batch.length < exportBatchSize) return;
    const last = batch.at(-1)!;
    after = { sentAt: last.cursorSentAt, id: last.id };
  }
}

function exportFilename(templateName: string, format: 'csv' | 'xlsx', now: Date): string {
  const slug =
    templateName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'survey';
  return `${slug}-responses-${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

/**
 * `GET /surveys/export` (docs/architecture.md): the filtered responses as CSV or XLSX, one row per
 * survey, streamed as the batches are read. The template and the filters are checked before the
 * first byte, so those problems still answer 404 or 400.
 */
export async function exportSurveyResponses(
  ctx: AppContext,
  actor: WorkspaceActor,
  query: ExportSurveyResponsesQuery,
): Promise<ExportFile> {
  const template = await loadTemplateContext(ctx, actor, query.surveyTemplateId);
  // Checks the filters against the template now (400), not halfway through the stream.
  criteriaConditions(template, {
    templateId: template.templateId,
    workspaceId: actor.workspaceId,
    filters: query.filters?.filters ?? [],
  });
  const filename = exportFilename(template.templateName, query.format, ctx.now());
  const target = { type: 'template', id: template.templateId, label: template.templateName };
  const { format, filters } = query;
  await ctx.db.transaction((tx) =>
    recordAudit(ctx, tx, actor, 'responses.exported', target, { format, filters: filters ?? null }),
  );
  // Dates in the workspace's time zone (Settings → Notifications), with its offset in a CSV.
  const settings = await loadNotificationSettingsOf(ctx.db, [actor.workspaceId]);
  const timeZone = settings.get(actor.workspaceId)?.timeZone ?? 'UTC';
  const rows = exportRows(ctx, template, query);
  const fail = (error: unknown) => ctx.log.error({ err: error }, 'a responses export failed midway');
  if (query.format === 'csv') {
    const csv = stringify({
      bom: true,
      cast: {
        number: (value) => String(value),
        string: (value) => neutralizeSpreadsheetCell(value),
        date: (value) => formatInstantInZone(value, timeZone),
      },
    });
    csv.write(headerOf(template));
    const source = Readable.from(rows);
    source.on('error', (error) => {
      fail(error);
      csv.destroy(error);
    });
    source.pipe(csv);
    return { filename, contentType: 'text/csv; charset=utf-8', stream: csv };
  }
  async function* withHeader() {
    yield headerOf(template);
    yield* rows;
  }
  const output = streamXlsx('Responses', withHeader(), fail, (date) =>
    spreadsheetSerialInZone(date, timeZone),
  );
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: output,
  };
}
