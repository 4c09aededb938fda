import {
  attributeTarget,
  type ContactImport,
  type ContactImportPreview,
  checkContactMapping,
  contactNeedsAddressMessage,
  invalidContactEmailMessage,
  invalidPhoneMessageFor,
  isValidEmailAddress,
  maxContactImportRows,
  maxReportedRejectedRows,
  parseListItemValue,
  type StartContactImportInput,
  startContactImportSchema,
  suggestContactMapping,
  toStoredPhone,
  type UploadContactImportInput,
  uploadContactImportSchema,
} from '@graphium/shared';
import { parse } from 'csv-parse/sync';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit } from '../audit/audit.service.js';
import { loadPhoneCountry } from '../notifications/notifications.service.js';
import {
  advanceImport,
  type ContactImportSummary,
  countImportAttempt,
  failImport,
  findImport,
  findImportForJob,
  insertImport,
  markImportRetried,
  markImportRunning,
  setImportStatus,
} from './contact-imports.repository.js';
import { type ContactFacts, recordContacts } from './contact-records.service.js';
import { importContactsJob } from './contacts.jobs.js';
import type { ContactAttributeRow } from './contacts.repository.js';
import { loadContactAttributes } from './contacts.service.js';

/** Another run of the import job is ahead of this one (a retry while the first still ran). */
class ImportMovedOn extends Error {}

/** Failed runs of the job after which the import ends failed rather than be retried again. */
export const maxImportAttempts = 3;

/** Rows written per transaction: each batch commits its contacts and the progress together. */
const importBatchSize = 2000;
const importNotFound = () => notFound('Import not found');

function toImport(row: ContactImportSummary): ContactImport {
  return {
    importId: row.id,
    status: row.status,
    fileName: row.fileName,
    headers: row.headers,
    mapping: row.mapping,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    rejectedCount: row.rejectedCount,
    rejectedRows: row.rejectedRows,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

function readCsv(csv: string): string[][] {
  try {
    return parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(`The file is not a readable CSV: ${reason}`, { csv: 'The file is not a readable CSV' });
  }
}

/**
 * `POST /contacts/imports`: reads the file and keeps it; answers the preview (the first rows) and
 * a mapping guessed from the headers. Nothing is imported until the import is started.
 */
export async function uploadContactImport(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: UploadContactImportInput,
): Promise<ContactImportPreview> {
  const { csv, fileName } = uploadContactImportSchema.parse(input);
  const table = readCsv(csv);
  const [headerRow, ...rows] = table;
  const headers = (headerRow ?? []).map((header) => header.trim());
  if (headers.length === 0 || rows.length === 0) {
    throw invalid('The file has no rows to import: a header row and at least one contact.', {
      csv: 'No rows',
    });
  }
  if (new Set(headers).size !== headers.length || headers.some((header) => header === '')) {
    throw invalid('Every column needs a header of its own.', { csv: 'Repeated or empty headers' });
  }
  if (rows.length > maxContactImportRows) {
    throw invalid(`Import at most ${maxContactImportRows.toLocaleString('en-US')} rows at a time.`, {
      csv: 'Too many rows',
    });
  }
  const attributes = await loadContactAttributes(ctx.db, actor.workspaceId);
  const now = ctx.now();
  const row = await insertImport(ctx.db, {
    workspaceId: actor.workspaceId,
    fileName: fileName ?? null,
    csv,
    headers,
    totalRows: rows.length,
    createdByAccountId: actor.accountId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  const summary = (await findImport(ctx.db, actor.workspaceId, row.id))!;
  return {
    import: toImport(summary),
    sampleRows: rows.slice(0, 5),
    suggestedMapping: suggestContactMapping(headers, attributes),
  };
}

/** `GET /contacts/imports/{id}`: the progress, and when finished the report. */
export async function getContactImport(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
): Promise<ContactImport> {
  if (!isUuid(id)) throw importNotFound();
  const row = await findImport(ctx.db, actor.workspaceId, id);
  if (!row) throw importNotFound();
  return toImport(row);
}

/**
 * `POST /contacts/imports/{id}/start`: checks the mapping and queues the import job; a bad mapping
 * answers 400, an import already started 409.
 */
export async function startContactImport(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
  input: StartContactImportInput,
): Promise<ContactImport> {
  if (!isUuid(id)) throw importNotFound();
  const { mapping } = startContactImportSchema.parse(input);
  const found = await findImport(ctx.db, actor.workspaceId, id);
  if (!found) throw importNotFound();
  const attributes = await loadContactAttributes(ctx.db, actor.workspaceId);
  const errors = checkContactMapping(
    found.headers,
    mapping,
    attributes.map((attribute) => attribute.name),
  );
  const problems = Object.entries(errors);
  if (problems.length > 0) {
    throw invalid(
      problems[0]![1],
      Object.fromEntries(problems.map(([header, message]) => [`mapping.${header}`, message])),
    );
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await markImportRunning(tx, actor.workspaceId, id, mapping, now))) {
      throw conflict('This import has already been started.');
    }
    await recordAudit(
      ctx,
      tx,
      actor,
      'contact.imported',
      { type: 'contact-import', id, label: found.fileName },
      {
        rows: found.totalRows,
      },
    );
  });
  try {
    await ctx.jobs.send(importContactsJob, { importId: id });
  } catch (error) {
    // Not queued: the import can be started again.
    await setImportStatus(ctx.db, id, 'uploaded', ctx.now());
    throw error;
  }
  return toImport((await findImport(ctx.db, actor.workspaceId, id))!);
}

interface RowReader {
  read(cells: readonly string[]): { facts: ContactFacts } | { errors: Record<string, string> };
}

/** Reads rows by the mapping: addresses as sends store them, attributes by their types. */
function rowReader(
  headers: readonly string[],
  mapping: Readonly<Record<string, string>>,
  attributes: readonly ContactAttributeRow[],
  country: string,
): RowReader {
  const columns = headers.flatMap((header, index) => {
    const target = mapping[header];
    return target ? [{ header, index, target }] : [];
  });
  const attributeOf = new Map(attributes.map((attribute) => [attributeTarget(attribute.name), attribute]));
  return {
    read(cells) {
      const facts: Required<Omit<ContactFacts, 'surveyedAt'>> = {
        emailAddress: null,
        phoneNumber: null,
        name: null,
        attributes: {},
      };
      const errors: Record<string, string> = {};
      for (const { header, index, target } of columns) {
        const value = (cells[index] ?? '').trim();
        if (value === '') continue;
        if (target === 'emailAddress') {
          if (isValidEmailAddress(value)) facts.emailAddress = value.toLowerCase();
          else errors[header] = invalidContactEmailMessage;
        } else if (target === 'phoneNumber') {
          const stored = toStoredPhone(value, country);
          if (stored) facts.phoneNumber = stored;
          else errors[header] = invalidPhoneMessageFor(country);
        } else if (target === 'name') {
          facts.name = value.slice(0, 200);
        } else {
          const attribute = attributeOf.get(target);
          if (!attribute) continue;
          const parsed = parseListItemValue(attribute, value);
          if ('error' in parsed) errors[header] = parsed.error;
          else facts.attributes[attribute.name] = parsed.value;
        }
      }
      if (!facts.emailAddress && !facts.phoneNumber && Object.keys(errors).length === 0) {
        errors._ = contactNeedsAddressMessage;
      }
      return Object.keys(errors).length > 0 ? { errors } : { facts };
    },
  };
}

/**
 * `POST /contacts/imports/{id}/retry`: a failed import runs again from the rows already written
 * (docs/decisions/047-connect-gaps.md); one that is not failed answers 409.
 */
export async function retryContactImport(
  ctx: AppContext,
  actor: WorkspaceActor,
  id: string,
): Promise<ContactImport> {
  if (!isUuid(id)) throw importNotFound();
  const found = await findImport(ctx.db, actor.workspaceId, id);
  if (!found) throw importNotFound();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await markImportRetried(tx, actor.workspaceId, id, now))) {
      throw conflict('Only a failed import can be retried.');
    }
    await recordAudit(ctx, tx, actor, 'contact.import-retried', {
      type: 'contact-import',
      id,
      label: found.fileName,
    });
  });
  try {
    await ctx.jobs.send(importContactsJob, { importId: id });
  } catch (error) {
    // Not queued: it stays failed, with its reason, and can be retried again.
    await failImport(ctx.db, id, found.failureReason ?? 'The import could not be queued.', ctx.now());
    throw error;
  }
  return toImport((await findImport(ctx.db, actor.workspaceId, id))!);
}

/** Why a run failed, in words for the import's page (no internals: the log has those). */
function failureReasonOf(error: unknown): string {
  if (error instanceof AppError && error.code !== 'INTERNAL') return error.message;
  if (isDatabaseUnavailable(error)) return 'the database could not be reached';
  return 'an unexpected error (the server log has the details)';
}

/**
 * The import job (decisions 038 and 047). A failure of the import itself (a file that cannot be
 * read) marks it failed at once; another (the database away) is thrown for the job's retry, which
 * resumes it, until the third failed run, which marks it failed with the reason so its page says
 * so and staff can retry it, rather than leave it "running" when the queue gives up.
 */
export async function runContactImport(ctx: AppContext, importId: string): Promise<void> {
  const attempt = await countImportAttempt(ctx.db, importId, ctx.now());
  if (attempt === undefined) return;
  try {
    await importInBatches(ctx, importId);
  } catch (error) {
    const isPassing =
      !(error instanceof AppError) || error.code === 'UNAVAILABLE' || error.code === 'INTERNAL';
    if (isPassing && attempt < maxImportAttempts) throw error;
    ctx.log.warn({ err: error, importId, attempt }, 'a contact import failed');
    const reason = failureReasonOf(error);
    await failImport(
      ctx.db,
      importId,
      isPassing
        ? `The import stopped after ${attempt} failed attempts: ${reason}. Retry it to go on from where it stopped.`
        : reason,
      ctx.now(),
    );
  }
}

/**
 * Reads the file once and writes it in batches, each with its progress in one transaction, from
 * where the import stands (a retried job resumes; a run that finds another ahead of it stops).
 */
async function importInBatches(ctx: AppContext, importId: string): Promise<void> {
  const found = await findImportForJob(ctx.db, importId);
  if (found?.status !== 'running' || !found.mapping) return;
  const [, ...rows] = readCsv(found.csv);
  const [attributes, country] = await Promise.all([
    loadContactAttributes(ctx.db, found.workspaceId),
    loadPhoneCountry(ctx.db, found.workspaceId),
  ]);
  const reader = rowReader(found.headers, found.mapping, attributes, country);
  let reported = found.rejectedRows.length;
  for (let start = found.processedRows; start < rows.length; start += importBatchSize) {
    const batch = rows.slice(start, start + importBatchSize);
    const facts: ContactFacts[] = [];
    const rejected: { row: number; errors: Record<string, string> }[] = [];
    batch.forEach((cells, index) => {
      const result = reader.read(cells);
      if ('facts' in result) facts.push(result.facts);
      else rejected.push({ row: start + index + 1, errors: result.errors });
    });
    const kept = rejected.slice(0, Math.max(0, maxReportedRejectedRows - reported));
    try {
      await ctx.db.transaction(async (tx) => {
        const stats = { created: 0, updated: 0 };
        await recordContacts(tx, found.workspaceId, facts, ctx.now(), stats);
        const batchCounts = { rows: batch.length, ...stats, rejected: rejected.length, reported: kept };
        if (!(await advanceImport(tx, importId, start, batchCounts, ctx.now()))) throw new ImportMovedOn();
      });
    } catch (error) {
      if (error instanceof ImportMovedOn) return;
      throw error;
    }
    reported += kept.length;
  }
  await setImportStatus(ctx.db, importId, 'finished', ctx.now());
}
